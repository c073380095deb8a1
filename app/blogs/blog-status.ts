/**
 * The content desk's article statuses (docs/decisions/045-content-desk-articles.md): which change
 * of status each status allows, and the shop-clock date and time staff type for a scheduled
 * publication. Pure; shared with the browser.
 */
import { SHOP_TIME_ZONE } from "~/i18n/format";
import type { BlogStatus } from "~/vocabulary";

/** What staff (or the sweep) can do to an article's status. */
export const BLOG_STATUS_ACTIONS = ["publish", "schedule", "unschedule", "unpublish"] as const;
export type BlogStatusAction = (typeof BLOG_STATUS_ACTIONS)[number];

/**
 * The status each action leads to, from each status (decision 045):
 * - a draft is published now or scheduled;
 * - a scheduled article is published now (by staff or by the sweep at its time), rescheduled, or
 *   back to draft (`unschedule`);
 * - a published article is unpublished (taken down);
 * - an unpublished article is published again, or scheduled again.
 */
const TRANSITIONS: Record<BlogStatus, Partial<Record<BlogStatusAction, BlogStatus>>> = {
  DRAFT: { publish: "PUBLISHED", schedule: "SCHEDULED" },
  SCHEDULED: { publish: "PUBLISHED", schedule: "SCHEDULED", unschedule: "DRAFT" },
  PUBLISHED: { unpublish: "UNPUBLISHED" },
  UNPUBLISHED: { publish: "PUBLISHED", schedule: "SCHEDULED" },
};

/**
 * The status an action leads to from `from`.
 * @returns the new status, or null when the action is not allowed from `from`
 */
export function nextBlogStatus(from: BlogStatus, action: BlogStatusAction): BlogStatus | null {
  return TRANSITIONS[from][action] ?? null;
}

/** The actions allowed from a status, in the order the editor shows them. */
export function allowedBlogActions(from: BlogStatus): BlogStatusAction[] {
  return BLOG_STATUS_ACTIONS.filter((action) => nextBlogStatus(from, action) !== null);
}

/** A date and time as `<input type="datetime-local">` writes it: `2026-12-01T09:30`. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

/** Milliseconds the shop's zone is ahead of UTC at an instant (negative: −4 h or −5 h). */
function zoneOffset(time: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(time));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return local - Math.floor(time / 1000) * 1000;
}

/**
 * The instant of a date and time on the shop's clock (Montréal, standard or daylight time):
 * `shopLocalToInstant("2026-07-01T09:30")` is 2026-07-01T13:30:00Z. A time skipped by the spring
 * change reads as the hour after it.
 * @returns the instant, or null when the text is not a valid `YYYY-MM-DDTHH:mm`
 */
export function shopLocalToInstant(text: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The zone's offset at that moment, then once more at the corrected instant (DST days).
  let instant = asUtc - zoneOffset(asUtc);
  instant = asUtc - zoneOffset(instant);
  return new Date(instant);
}

/** An instant as the shop's clock writes it for `<input type="datetime-local">`: `2026-07-01T09:30`. */
export function instantToShopLocal(instant: Date): string {
  const shifted = new Date(instant.getTime() + zoneOffset(instant.getTime()));
  return shifted.toISOString().slice(0, 16);
}
