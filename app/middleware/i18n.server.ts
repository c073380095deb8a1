/**
 * The request's language and its i18next instance. The locale comes from `?lng=` first, then the
 * signed prefs cookie, then French (browsers asking for English still get French: docs/product.md#provinces-and-languages "French
 * (default)"), detected by remix-i18next's detector.
 *
 * Each language has one i18next instance ({@link i18nFor}, shared with the e-mails and `meta`
 * functions' translators), shared by every request in that language: a request only reads it
 * (`t`, its language, its strings), and no server code changes its language. remix-i18next's
 * middleware made and initialised a new instance for every request, 3–8 % of the CPU of the
 * shop's lightest page (CPU profile of `/shopping-cart-empty`; docs/decisions/025-server-render-cost.md).
 */
import type { i18n as I18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LOCALE, SUPPORTED_LOCALES } from "~/i18n/i18n";
import { i18nFor } from "~/i18n/translator";
import { readPreferences } from "~/preferences/preferences.server";
import { type Locale, LOCALES } from "~/vocabulary";

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: SUPPORTED_LOCALES,
    fallbackLanguage: FALLBACK_LOCALE,
    order: ["searchParams", "custom"],
    findLocale: async (request) => (await readPreferences(request)).locale,
  },
});

const localeContext = createContext<Locale>();
const i18nContext = createContext<I18n>();

/** Detects the request's language and gives the request that language's instance. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // The detector answers one of SUPPORTED_LOCALES (LOCALES), or the fallback.
  const detected = await detector.getLocale(request);
  const locale = LOCALES.find((l) => l === detected) ?? FALLBACK_LOCALE;
  context.set(localeContext, locale);
  context.set(i18nContext, i18nFor(locale));
  return next();
};

/** The request's locale (`fr-CA` or `en-US`), set by {@link i18nextMiddleware}. */
export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

/** The request's i18next instance, in its locale; read it, never change its language. */
export function getI18n(context: Readonly<RouterContextProvider>): I18n {
  return context.get(i18nContext);
}
