/**
 * Business days of the shop's provinces (docs/product.md#branch-follow-up agency order "the branch should contact the
 * customer within 10 business days", "Agency follow-up 10 business days"): weekends
 * and the province's statutory (public) holidays are not business days. The holidays come from
 * `date-holidays` (`new Holidays("CA", "QC" | "ON")`, type `public` only: observances such as
 * Mother's Day and optional days such as Quebec's Easter Monday do not count), never a hand list.
 * One correction through the library's own override: the library lists Easter Monday as public in
 * Ontario, where it is not a statutory holiday, so it is switched off there. The library gives no
 * "observed" days (Christmas or Boxing Day on a weekend moved to the Monday): those Mondays count.
 *
 * Dates are calendar days written `YYYY-MM-DD` (the shop's days, time zone America/Toronto);
 * the arithmetic is done on UTC midnights, so the runtime's time zone never shifts a day. Pure:
 * the same inputs give the same answer on the server and in tests.
 */
import Holidays from "date-holidays";
import { shopZoneOffset } from "~/i18n/shop-time";
import type { Province } from "~/vocabulary";
import { isIsoDate } from "./fulfilment-forms";

const DAY_MS = 86_400_000;

const calendars = new Map<Province, Holidays>();
const holidaysByYear = new Map<string, ReadonlySet<string>>();

/** The province's public holidays of one year, as `YYYY-MM-DD` strings (cached per province and year). */
export function publicHolidays(year: number, province: Province): ReadonlySet<string> {
  const key = `${province}-${year}`;
  let days = holidaysByYear.get(key);
  if (!days) {
    let calendar = calendars.get(province);
    if (!calendar) {
      calendar = new Holidays("CA", province);
      // Not statutory in Ontario (Employment Standards Act); date-holidays lists it as public.
      // `false` removes a rule (the library's documented override; its types omit that form).
      if (province === "ON" && !(calendar as unknown as { setHoliday(rule: string, opts: false): boolean }).setHoliday("easter 1", false)) {
        throw new Error('date-holidays no longer has the rule "easter 1" for CA/ON');
      }
      calendars.set(province, calendar);
    }
    days = new Set(
      calendar
        .getHolidays(year)
        .filter((h) => h.type === "public")
        .map((h) => h.date.slice(0, 10)),
    );
    holidaysByYear.set(key, days);
  }
  return days;
}

/** Whether a calendar day (`YYYY-MM-DD`) is a business day in the province: Monday to Friday, not a public holiday. */
export function isBusinessDay(date: string, province: Province): boolean {
  const day = parseDate(date);
  const weekday = new Date(day).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !publicHolidays(new Date(day).getUTCFullYear(), province).has(date);
}

/**
 * The calendar day `days` business days after `date` in the province (the start day itself is not
 * counted): `addBusinessDays("2026-06-19", 10, "QC")` is "2026-07-07" (June 24 and July 1 skipped).
 * @param date `YYYY-MM-DD`, the day counting starts from (any day, business or not).
 * @param days whole business days, ≥ 0; 0 gives `date` back.
 * @throws RangeError for a malformed date or a negative or fractional number of days.
 */
export function addBusinessDays(date: string, days: number, province: Province): string {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`business days must be a whole number ≥ 0, got ${days}`);
  let time = parseDate(date);
  let left = days;
  while (left > 0) {
    time += DAY_MS;
    if (isBusinessDay(formatDate(time), province)) left -= 1;
  }
  return formatDate(time);
}

/**
 * The instant a shop day starts (midnight America/Toronto, standard or daylight time), for date
 * filters: `shopDayStart("2026-07-01")` is 2026-07-01T04:00:00Z.
 * @throws RangeError for a malformed date.
 */
export function shopDayStart(date: string): Date {
  const utcMidnight = parseDate(date);
  // The zone's offset at that moment, then once more at the corrected instant (DST days).
  let instant = utcMidnight - shopZoneOffset(utcMidnight);
  instant = utcMidnight - shopZoneOffset(instant);
  return new Date(instant);
}

/** The day after a calendar day, `YYYY-MM-DD`. */
export function nextDate(date: string): string {
  return formatDate(parseDate(date) + DAY_MS);
}

function parseDate(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`not a calendar date YYYY-MM-DD: ${JSON.stringify(date)}`);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function formatDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
