/**
 * Money and number formatting (SPEC §9: fr-CA, CAD). English pages format money en-CA.
 */

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** The Intl locale used for money: fr-CA for French, en-CA for English (Canadian dollars). */
export function moneyLocale(locale: string): "fr-CA" | "en-CA" {
  return locale.startsWith("en") ? "en-CA" : "fr-CA";
}

/**
 * Formats integer cents as Canadian dollars: `formatMoney(123456, "fr-CA")` → `1 234,56 $`
 * (with narrow no-break spaces), `formatMoney(123456, "en-US")` → `$1,234.56`.
 * @throws RangeError when `cents` is not a safe integer (money is always integer cents).
 */
export function formatMoney(cents: number, locale: string): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  const key = moneyLocale(locale);
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(key, { style: "currency", currency: "CAD" });
    moneyFormatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/** Formats a volume in millilitres: 750 → "750 ml", 1500 → "1,5 L" / "1.5 L". */
export function formatVolume(ml: number, locale: string): string {
  if (ml >= 1000) {
    return `${new Intl.NumberFormat(moneyLocale(locale), { maximumFractionDigits: 2 }).format(ml / 1000)} L`;
  }
  return `${ml} ml`;
}
