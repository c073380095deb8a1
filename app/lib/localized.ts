/**
 * The shop's two languages side by side: the catalogue, blog and plan tables carry a French and an
 * English column of each text (`nameFr` / `nameEn`, `titleFr` / `titleEn`…), and a page shows the
 * one of its locale. Pure; shared with the browser.
 */
import type { Locale } from "~/vocabulary";

/**
 * The French or the English one of a pair, for a locale: `en` for `en-US`, `fr` for `fr-CA` (the
 * shop's first language, and the fallback). Works on values (`localized(locale, row.nameFr,
 * row.nameEn)`) and on Drizzle columns alike (`localized(locale, products.nameFr, products.nameEn)`
 * selects the column of the locale).
 *
 * @param locale the page's or the message's locale
 * @param fr the French value or column
 * @param en the English value or column
 * @returns `en` or `fr`, typed as either (as a `?:` of the two would be: two columns differ in type)
 */
export function localized<F, E>(locale: Locale, fr: F, en: E): F | E {
  return locale.startsWith("en") ? en : fr;
}
