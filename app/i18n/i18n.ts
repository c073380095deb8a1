/**
 * i18next configuration: French (fr-CA) is the default and the fallback, English
 * (en-US) is complete. Every visible string lives in locales/.
 *
 * The browser gets only the page's language (docs/decisions/023-first-screen.md):
 * code that runs there uses {@link i18nBaseOptions} and app/i18n/strings.ts, never
 * {@link resources}, which bundles both languages for the server (its pages,
 * e-mails, PDFs and refusals). The browser build leaves them out because nothing there uses them
 * (tests/e2e/first-screen.spec.ts checks the built pages).
 */
import type { InitOptions } from "i18next";
import { LOCALES } from "~/vocabulary";
import enUS from "../../locales/en-US/common.json";
import frCA from "../../locales/fr-CA/common.json";

export const FALLBACK_LOCALE = "fr-CA";
export const SUPPORTED_LOCALES: string[] = [...LOCALES];

/** The one namespace: every key of locales/<locale>/common.json. */
export const NAMESPACE = "common";

/** Both languages' strings, bundled: the server's. */
export const resources = {
  "fr-CA": { common: frCA },
  "en-US": { common: enUS },
} as const;

/** The options of every i18next instance, without strings: each side adds those it holds. */
export const i18nBaseOptions: InitOptions = {
  supportedLngs: SUPPORTED_LOCALES,
  fallbackLng: FALLBACK_LOCALE,
  defaultNS: NAMESPACE,
  ns: [NAMESPACE],
  interpolation: { escapeValue: false },
  returnNull: false,
};
