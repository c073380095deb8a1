/**
 * The carousels' vocabulary (docs/decisions/047-carousels.md): the named groups staff arrange, the
 * province a carousel is for (or both), the staff pages' paths and the shop's clock for an item's
 * start and end. Shared with the browser (no server import).
 */
import type { Province } from "~/vocabulary";

/** The groups (docs/product.md#carousels `GET /carousels?group=`), in the home page's order. */
export const CAROUSEL_GROUPS = ["home-selection", "new-arrivals", "upcoming"] as const;
export type CarouselGroup = (typeof CAROUSEL_GROUPS)[number];

/** Each group's stored name, in both languages (the `carousels` row's `nameFr` / `nameEn`). */
export const CAROUSEL_GROUP_NAMES: Record<CarouselGroup, { fr: string; en: string }> = {
  "home-selection": { fr: "Notre sélection", en: "Our selection" },
  "new-arrivals": { fr: "Nouveautés", en: "New arrivals" },
  upcoming: { fr: "À venir", en: "Coming soon" },
};

/** Whether a text names a group. */
export function isCarouselGroup(value: unknown): value is CarouselGroup {
  return typeof value === "string" && (CAROUSEL_GROUPS as readonly string[]).includes(value);
}

/** A carousel's province in the staff's URLs: `qc`, `on`, or `tous` (both provinces: a null province). */
export const CAROUSEL_SCOPES = ["qc", "on", "tous"] as const;
export type CarouselScope = (typeof CAROUSEL_SCOPES)[number];

/** The province of a URL's scope (null: both); undefined when the text is no scope. */
export function provinceOfScope(scope: string | undefined): Province | null | undefined {
  if (scope === "qc") return "QC";
  if (scope === "on") return "ON";
  if (scope === "tous") return null;
  return undefined;
}

/** The URL scope of a province (null: both). */
export function scopeOfProvince(province: Province | null): CarouselScope {
  return province === "QC" ? "qc" : province === "ON" ? "on" : "tous";
}

/** The staff's list of carousels. */
export const STAFF_CAROUSELS_PATH = "/agence/carrousels";

/** The staff's editor of one carousel. */
export function staffCarouselPath(group: CarouselGroup, province: Province | null): string {
  return `${STAFF_CAROUSELS_PATH}/${group}/${scopeOfProvince(province)}`;
}

export { instantToShopLocal, shopLocalToInstant } from "~/i18n/shop-time";
