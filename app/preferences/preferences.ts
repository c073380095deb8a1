/**
 * Per-visitor preferences (docs/product.md#provinces-and-languages Configuration): province, tax display, language and the
 * producers view type. They live in the signed `prefs` cookie (docs/product.md#how-the-shop-is-built), never in the URL
 * except `/qc` and `/on`, which set the province. This module is shared with the browser: it holds
 * no validation library (reading and changing them is `preference-change.ts`, on the server).
 */
import type { Locale, Province, TaxMode } from "~/vocabulary";

export const VIEW_TYPES = ["tiles", "list"] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

export interface Preferences {
  province: Province;
  taxMode: TaxMode;
  locale: Locale;
  view: ViewType;
}

/**
 * Defaults of docs/product.md#provinces-and-languages: QC, taxes IN, French; tiles view (docs/product.md#producers Producers). Taxes IN by default
 * despite the business constants' wording: docs/decisions/052-reading-the-spec-as-a-server-rendered-shop.md.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  province: "QC",
  taxMode: "IN",
  locale: "fr-CA",
  view: "tiles",
};

/** Maps the `/qc` or `/on` path segment to a province; anything else is not a province. */
export function provinceFromPathSegment(segment: string | undefined): Province | null {
  if (segment === "qc") return "QC";
  if (segment === "on") return "ON";
  return null;
}
