/**
 * A translator fixed to one locale, for what is written outside a request's `t`: order e-mails,
 * invoices and Stripe line items in the order's language (a webhook has no page), and route `meta`
 * functions, which have no hook and run on the server and in the browser alike (issue 9 §9). One
 * i18next instance per locale, created on first use. Shared with the browser.
 */
import { createInstance, type TFunction } from "i18next";
import type { Locale } from "~/vocabulary";
import { i18nOptions } from "./i18n";

const translators = new Map<Locale, TFunction>();

/** The `t` of a locale, from the same resources as the pages (`locales/`). */
export function translatorFor(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    const instance = createInstance();
    // The resources are bundled: initialisation is synchronous.
    void instance.init({ ...i18nOptions, lng: locale, initAsync: false });
    t = instance.getFixedT(locale);
    translators.set(locale, t);
  }
  return t;
}
