/**
 * The shop's clock (Montréal, standard or daylight time) for `<input type="datetime-local">`
 * fields and business-day arithmetic: the one conversion between an instant and the time staff
 * read on the wall, shared by the fulfilment calendar, the articles' scheduling and the carousels'
 * dates (docs/decisions/045-content-desk-articles.md).
 */
import { SHOP_TIME_ZONE } from "./format";

/** Milliseconds the shop's zone is ahead of UTC at an instant (negative: −4 h or −5 h). */
export function shopZoneOffset(time: number): number {
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

/** A date and time as `<input type="datetime-local">` writes it: `2026-12-01T09:30`. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

/**
 * The instant of a date and time on the shop's clock: `shopLocalToInstant("2026-07-01T09:30")` is
 * 2026-07-01T13:30:00Z. A time skipped by the spring change reads as the hour after it.
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
  let instant = asUtc - shopZoneOffset(asUtc);
  instant = asUtc - shopZoneOffset(instant);
  return new Date(instant);
}

/** An instant (a Date or an ISO string) as the shop's clock writes it for `datetime-local`: `2026-07-01T09:30`. */
export function instantToShopLocal(instant: Date | string): string {
  const time = new Date(instant).getTime();
  return new Date(time + shopZoneOffset(time)).toISOString().slice(0, 16);
}

/** The shop's calendar day (America/Toronto) of an instant, `YYYY-MM-DD`. */
export function shopDateOf(instant: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}
