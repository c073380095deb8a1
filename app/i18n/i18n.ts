/**
 * i18next configuration shared by the server and the browser (issue 2 §6): French (fr-CA) is the
 * default and the fallback, English (en-US) is complete. Every visible string lives in locales/.
 */
import type { InitOptions } from "i18next";
import enUS from "../../locales/en-US/common.json";
import frCA from "../../locales/fr-CA/common.json";
import { LOCALES } from "~/vocabulary";

export const FALLBACK_LOCALE = "fr-CA";
export const SUPPORTED_LOCALES: string[] = [...LOCALES];

export const resources = {
  "fr-CA": { common: frCA },
  "en-US": { common: enUS },
} as const;

export const i18nOptions: InitOptions = {
  resources,
  supportedLngs: SUPPORTED_LOCALES,
  fallbackLng: FALLBACK_LOCALE,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  returnNull: false,
};
