/**
 * Calls route loaders and actions the way React Router does, with the shop context a test gives
 * (a test database, preferences, a locale) instead of the root middleware's.
 */
import { RouterContextProvider } from "react-router";
import { shopContext } from "~/context";
import type { Database } from "~/db/client.server";
import { i18nFor } from "~/i18n/translator";
import { DEFAULT_PREFERENCES, type Preferences } from "~/preferences/preferences";

export const BASE_URL = "http://shop.test";

/** A router context holding the shop context of a request. */
export async function shopRouterContext(db: Database, preferences: Partial<Preferences> = {}) {
  const prefs = { ...DEFAULT_PREFERENCES, ...preferences };
  const context = new RouterContextProvider();
  context.set(shopContext, { db, preferences: prefs, locale: prefs.locale, t: i18nFor(prefs.locale).t });
  return context;
}

/** Loader or action arguments for a path (query included). */
export async function routeArgs(
  db: Database,
  path: string,
  options: { params?: Record<string, string>; preferences?: Partial<Preferences>; init?: RequestInit } = {},
) {
  return {
    request: new Request(BASE_URL + path, options.init),
    params: options.params ?? {},
    context: await shopRouterContext(db, options.preferences),
  } as never;
}

/** Runs a loader that is expected to throw a Response (redirect or 404) and returns it. */
export async function thrownResponse(run: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    const data = error as { type?: string; init?: { status?: number } };
    if (data?.type === "DataWithResponseInit") return { status: data.init?.status ?? 200, location: null };
    throw error;
  }
  throw new Error("expected the loader to throw a response");
}
