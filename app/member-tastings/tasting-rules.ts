/**
 * The rules of members' in-store tastings (docs/decisions/049-member-tastings-and-allocations.md):
 * at most {@link MEMBER_TASTINGS_PER_YEAR} per membership year, the membership year being the
 * subscription's current paid year — from its period end minus one year to the day before its
 * period end, in the shop's calendar. Days are `YYYY-MM-DD`. Pure; shared with the browser.
 */
import { MEMBER_TASTINGS_PER_YEAR } from "~/subscriptions/plan-directory";

export { MEMBER_TASTINGS_PER_YEAR };

/** A membership year: its first and last days, both included. */
export interface MembershipYear {
  firstDay: string;
  lastDay: string;
}

/** Days of a month (1–12) of a year. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The membership year ending on the day of the subscription's period end (`currentPeriodEnd`, a
 * shop day): it starts on the same day one year earlier (February 29 → February 28) and its last
 * day is the day before the end's, which is the next year's first day.
 * @param endDay the shop day of `currentPeriodEnd` (`shopDateOf(currentPeriodEnd)`).
 * @example membershipYear("2027-03-15") // { firstDay: "2026-03-15", lastDay: "2027-03-14" }
 */
export function membershipYear(endDay: string): MembershipYear {
  const [y, m, d] = endDay.split("-").map(Number) as [number, number, number];
  const day = Math.min(d, daysInMonth(y - 1, m));
  const firstDay = `${y - 1}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const lastDay = new Date(Date.UTC(y, m - 1, d) - 86_400_000).toISOString().slice(0, 10);
  return { firstDay, lastDay };
}

/** Why a tasting day is refused, or null when it may be recorded. */
export type TastingDayRefusal = "future" | "outsideYear" | null;

/**
 * Whether a tasting on `tastedOn` may be recorded now: a day of the membership year, not after
 * `today` (a tasting is recorded once it took place).
 */
export function tastingDayRefusal(tastedOn: string, year: MembershipYear, today: string): TastingDayRefusal {
  if (tastedOn > today) return "future";
  return tastedOn < year.firstDay || tastedOn > year.lastDay ? "outsideYear" : null;
}

/** Tastings left in a year once `used` are recorded (never below 0). */
export function tastingsLeft(used: number): number {
  return Math.max(0, MEMBER_TASTINGS_PER_YEAR - used);
}
