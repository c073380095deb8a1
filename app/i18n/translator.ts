/**
 * One i18next instance per locale, created on first use and then shared: on the server by every
 * page request in that language (app/middleware/i18n.server.ts, decision 025), and by a translator
 * fixed to the locale for what is written outside a request's `t` — order e-mails, invoices and
 * Stripe line items in the order's language (a webhook has no page), and route `meta` functions,
 * which have no hook and run on the server and in the browser alike. Shared with the
 * browser, where it knows only the languages fetched (app/i18n/strings.ts): the page's, and the
 * other after a switch.
 */
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import type { Locale } from "~/vocabulary";
import { i18nBaseOptions, NAMESPACE } from "./i18n";
import { heldStrings } from "./strings";

const instances = new Map<Locale, I18n>();

/**
 * The i18next instance of a locale, holding that locale's strings (`locales/`). Shared: read it,
 * never change its language.
 * @throws Error in the browser when the locale's strings were not fetched (a developer error: the
 *   page's language is fetched before hydration, another one before the navigation that shows it)
 */
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    const strings = heldStrings(locale);
    if (!strings) throw new Error(`i18nFor(${locale}): the strings of ${locale} are not loaded here`);
    instance = createInstance();
    // The strings are at hand: initialisation is synchronous.
    void instance.init({ ...i18nBaseOptions, lng: locale, resources: { [locale]: { [NAMESPACE]: strings } }, initAsync: false });
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * The `t` of a locale, from the same strings as the pages: its shared instance's own `t`, always
 * in that locale (i18next binds it to the instance).
 * @throws Error as {@link i18nFor}
 */
export function translatorFor(locale: Locale): TFunction {
  return i18nFor(locale).t;
}
