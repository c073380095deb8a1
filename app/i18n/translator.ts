/**
 * A translator fixed to one locale, for what is written outside a request's `t`: order e-mails,
 * invoices and Stripe line items in the order's language (a webhook has no page), and route `meta`
 * functions, which have no hook and run on the server and in the browser alike (issue 9 §9). One
 * i18next instance per locale, created on first use. Shared with the browser, where it knows only
 * the languages fetched (app/i18n/strings.ts): the page's, and the other after a switch.
 */
import { createInstance, type TFunction } from "i18next";
import type { Locale } from "~/vocabulary";
import { NAMESPACE, i18nBaseOptions } from "./i18n";
import { heldStrings } from "./strings";

const translators = new Map<Locale, TFunction>();

/**
 * The `t` of a locale, from the same strings as the pages (`locales/`).
 * @throws Error in the browser when the locale's strings were not fetched (a developer error: the
 *   page's language is fetched before hydration, another one before the navigation that shows it)
 */
export function translatorFor(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    const strings = heldStrings(locale);
    if (!strings) throw new Error(`translatorFor(${locale}): the strings of ${locale} are not loaded here`);
    const instance = createInstance();
    // The strings are at hand: initialisation is synchronous.
    void instance.init({ ...i18nBaseOptions, lng: locale, resources: { [locale]: { [NAMESPACE]: strings } }, initAsync: false });
    t = instance.getFixedT(locale);
    translators.set(locale, t);
  }
  return t;
}
