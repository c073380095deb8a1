/**
 * Per-request context shared by loaders and actions: the database, the visitor's preferences and
 * the locale. Set by the root middleware; tests set it themselves with a test database.
 */
import type { TFunction } from "i18next";
import { createContext } from "react-router";
import type { Database } from "~/db/client.server";
import type { Preferences } from "~/preferences/preferences";
import type { Locale } from "~/vocabulary";

export interface ShopContext {
  db: Database;
  preferences: Preferences;
  locale: Locale;
  /** Translates in the request's locale (for texts a loader returns, such as titles). */
  t: TFunction;
}

export const shopContext = createContext<ShopContext>();
