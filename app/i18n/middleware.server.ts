/**
 * The request's language and its i18next instance. The locale comes from `?lng=` first, then the
 * signed prefs cookie, then French (browsers asking for English still get French: SPEC §1 "French
 * (default)"), detected by remix-i18next's detector.
 *
 * Each language has one i18next instance, made when the server starts and shared by every request
 * in that language: a request only reads it (`t`, its language, its strings), and no server code
 * changes its language. remix-i18next's middleware made and initialised a new instance for every
 * request, a tenth of the CPU of the shop's lightest page (CPU profile of `/shopping-cart-empty`;
 * docs/decisions/025-server-render-cost.md).
 */
import { createInstance, type i18n as I18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { readPreferences } from "~/preferences/preferences.server";
import type { Locale } from "~/vocabulary";
import { FALLBACK_LOCALE, SUPPORTED_LOCALES, i18nOptions } from "./i18n";

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: SUPPORTED_LOCALES,
    fallbackLanguage: FALLBACK_LOCALE,
    order: ["searchParams", "custom"],
    findLocale: async (request) => (await readPreferences(request)).locale,
  },
});

/** A ready i18next instance in `locale`, with both languages' strings (bundled: no loading). */
function instanceFor(locale: string): I18n {
  const instance = createInstance({ ...i18nOptions, lng: locale, initAsync: false }).use(initReactI18next);
  void instance.init();
  return instance;
}

const instances = new Map<string, I18n>(SUPPORTED_LOCALES.map((locale) => [locale, instanceFor(locale)]));

const localeContext = createContext<Locale>();
const i18nContext = createContext<I18n>();

/** Detects the request's language and gives the request that language's instance. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = (await detector.getLocale(request)) as Locale;
  context.set(localeContext, locale);
  context.set(i18nContext, instances.get(locale) ?? instances.get(FALLBACK_LOCALE)!);
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
