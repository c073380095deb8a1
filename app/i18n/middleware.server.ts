/**
 * remix-i18next middleware: the locale comes from `?lng=` first, then the signed prefs cookie,
 * then French (browsers asking for English still get French: SPEC §1 "French (default)").
 */
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { readPreferences } from "~/preferences/preferences.server";
import { FALLBACK_LOCALE, SUPPORTED_LOCALES, i18nOptions } from "./i18n";

export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: SUPPORTED_LOCALES,
    fallbackLanguage: FALLBACK_LOCALE,
    order: ["searchParams", "custom"],
    findLocale: async (request) => (await readPreferences(request)).locale,
  },
  i18next: i18nOptions,
  plugins: [initReactI18next],
});
