/**
 * A translator fixed to one locale, for what the server writes outside a request's locale: order
 * e-mails and Stripe line items are in the order's language, whatever the page that triggers them
 * (a webhook has none). One i18next instance per locale, created on first use.
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
