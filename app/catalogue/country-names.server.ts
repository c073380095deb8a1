/**
 * Country names from the i18n-iso-countries library (never our own lists), in French or English.
 */
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import fr from "i18n-iso-countries/langs/fr.json" with { type: "json" };

countries.registerLocale(fr);
countries.registerLocale(en);

/** The country's name for an ISO 3166-1 alpha-2 code: `countryName("DE", "fr-CA")` → "Allemagne". */
export function countryName(code: string, locale: string): string {
  return countries.getName(code, locale.startsWith("en") ? "en" : "fr", { select: "official" }) ?? code;
}
