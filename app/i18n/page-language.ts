/**
 * The browser's language (docs/decisions/023-first-screen.md): the page's
 * i18next instance starts with the strings of the language the server rendered (`<html lang>`)
 * only, and fetches the other one when a navigation brings it (the header's FR/EN switch, a
 * `?lng=` link: decision 016), before that page is shown, so no string ever shows as a key or in
 * the previous language. Browser only (entry.client.tsx and the root's client middleware).
 */
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import { isOneOf, type Locale, LOCALES } from "~/vocabulary";
import { FALLBACK_LOCALE, i18nBaseOptions, NAMESPACE } from "./i18n";
import { loadStrings } from "./strings";

/**
 * Starts the page's i18next instance in `lang` (the document's `lang`; an unknown one reads as
 * French) with that language's strings, fetched (preloaded by the root layout) before it resolves.
 * @throws Error when the strings cannot be fetched: the caller leaves the page unhydrated
 */
export async function startPageLanguage(lang: string): Promise<I18n> {
  const locale: Locale = isOneOf(LOCALES, lang) ? lang : FALLBACK_LOCALE;
  const strings = await loadStrings(locale);
  await i18next.use(initReactI18next).init({ ...i18nBaseOptions, lng: locale, resources: { [locale]: { [NAMESPACE]: strings } } });
  return i18next;
}

/** The language of the root loader's data in a navigation's results, or null (not reloaded, an error). */
function localeOfRoot(results: Record<string, DataStrategyResult>): Locale | null {
  const root = results.root;
  if (root?.type !== "data" || typeof root.result !== "object" || root.result === null) return null;
  const locale = (root.result as { locale?: unknown }).locale;
  return isOneOf(LOCALES, locale) ? locale : null;
}

/**
 * Root client middleware: after a navigation's loaders, when the root's data is in a language
 * whose strings the page lacks, fetches them (a few hundred milliseconds on a slow phone, once)
 * before React Router shows the new page; the layout's `changeLanguage` then switches at once.
 */
export const fetchLanguageOfNavigation: MiddlewareFunction<Record<string, DataStrategyResult>> = async (_args, next) => {
  const results = await next();
  const locale = localeOfRoot(results);
  if (locale && !i18next.hasResourceBundle(locale, NAMESPACE)) {
    i18next.addResourceBundle(locale, NAMESPACE, await loadStrings(locale));
  }
  return results;
};
