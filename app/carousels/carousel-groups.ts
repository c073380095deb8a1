/**
 * The carousels' vocabulary (docs/decisions/047-carousels.md): the named groups staff arrange, the
 * province a carousel is for (or both), the staff pages' paths and the shop's clock for an item's
 * start and end. Shared with the browser (no server import).
 */
import { SHOP_TIME_ZONE } from "~/i18n/format";
import type { Province } from "~/vocabulary";

/** The groups (SPEC §7 `GET /carousels?group=`), in the home page's order. */
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

/** Milliseconds the shop's zone (Montreal time) is ahead of UTC at an instant (negative). */
function zoneOffset(time: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: SHOP_TIME_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(time))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(time / 1000) * 1000;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant of a date and time on the shop's clock (Montreal time, daylight saving included), as
 * a `datetime-local` field sends it (`2026-12-01T09:30`); null when the text is not one (or names
 * no real date).
 */
export function shopLocalToInstant(text: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return null;
  }
  // The zone's offset at that moment, then once more at the corrected instant (days of a change).
  let instant = utc - zoneOffset(utc);
  instant = utc - zoneOffset(instant);
  return new Date(instant);
}

/** An instant as a `datetime-local` field shows it on the shop's clock (`2026-12-01T09:30`). */
export function instantToShopLocal(instant: Date | string): string {
  const time = new Date(instant).getTime();
  return new Date(time + zoneOffset(time)).toISOString().slice(0, 16);
}
