/**
 * Reading preferences from the cookie and what a preference switch does (docs/product.md#provinces-and-languages), as pure
 * functions so the rules are testable. Server-side: it brings zod.
 */
import { z } from "zod";
import { safeRedirect } from "~/http/safe-redirect";
import { LOCALES, type Province, PROVINCES, TAX_MODES } from "~/vocabulary";
import { DEFAULT_PREFERENCES, type Preferences, provinceFromPathSegment, VIEW_TYPES } from "./preferences";

const PreferencesSchema = z.object({
  province: z.enum(PROVINCES).catch(DEFAULT_PREFERENCES.province),
  taxMode: z.enum(TAX_MODES).catch(DEFAULT_PREFERENCES.taxMode),
  locale: z.enum(LOCALES).catch(DEFAULT_PREFERENCES.locale),
  view: z.enum(VIEW_TYPES).catch(DEFAULT_PREFERENCES.view),
});

/**
 * Reads preferences from any value (a parsed cookie, possibly tampered or from an older version);
 * every unknown or missing field falls back to its default. Never throws.
 */
export function normalizePreferences(value: unknown): Preferences {
  const input = value && typeof value === "object" ? value : {};
  return PreferencesSchema.parse(input);
}

/** The form fields a preference switch may post; each one is optional. */
export const PreferenceChangeSchema = z.object({
  province: z.enum(PROVINCES).optional(),
  taxMode: z.enum(TAX_MODES).optional(),
  locale: z.enum(LOCALES).optional(),
  view: z.enum(VIEW_TYPES).optional(),
});

/**
 * Applies a posted preference change.
 * @param current the visitor's preferences
 * @param fields the posted form fields: any of `locale`, `province`, `taxMode`, `view`, plus `redirectTo`
 * @param origin the request's origin: `redirectTo` must stay on it ({@link safeRedirect})
 * @param provinceOfPage the province a path fixes, or null (`provinceOfPage` of the store
 *   directory: `/qc`, `/on`, a store's page), passed in so this module stays below the features
 * @returns the new preferences and the same-origin path to redirect to. Invalid values are ignored
 *   (the preference keeps its value). When the province changes from a page that fixes the other
 *   province (`provinceOfPage`), the redirect leaves it, else that page would switch the
 *   province back: `/qc` ↔ `/on` go to the new province's home, a store page (`/boutiques/<slug>`)
 *   goes to the stores' list `/boutiques`. When the language changes, a `lng` query
 *   parameter is dropped so the new cookie value is what the next page shows.
 */
export function applyPreferenceChange(
  current: Preferences,
  fields: Record<string, unknown>,
  origin: string,
  provinceOfPage: (pathname: string) => Province | null,
): { next: Preferences; redirectTo: string } {
  const parsed = PreferenceChangeSchema.safeParse(fields);
  const change = parsed.success ? parsed.data : {};
  const next: Preferences = { ...current, ...stripUndefined(change) };

  const url = new URL(safeRedirect(fields.redirectTo, origin), origin);
  const pageProvince = provinceOfPage(url.pathname);
  if (next.province !== current.province && pageProvince !== null && pageProvince !== next.province) {
    const isProvinceHome = provinceFromPathSegment(url.pathname.replace(/^\/|\/+$/g, "")) !== null;
    url.pathname = isProvinceHome ? `/${next.province.toLowerCase()}` : "/boutiques";
  }
  if (next.locale !== current.locale) url.searchParams.delete("lng");
  return { next, redirectTo: url.pathname + url.search };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
