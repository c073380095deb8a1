/**
 * The rules of members' in-store tastings (docs/decisions/049-member-tastings-and-allocations.md):
 * at most {@link MEMBER_TASTINGS_PER_YEAR} per membership year, the membership year being the
 * subscription's current paid year — from the day after its period end minus one year to its period
 * end's day, in the shop's calendar. Days are `YYYY-MM-DD`. Pure; shared with the browser.
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
 * shop day): the membership runs until that day, which is its last; the first is the day after the
 * same date one year earlier (February 29 → March 1).
 * @param endDay the shop day of `currentPeriodEnd` (`shopDateOf(currentPeriodEnd)`).
 * @example membershipYear("2027-03-15") // { firstDay: "2026-03-16", lastDay: "2027-03-15" }
 */
export function membershipYear(endDay: string): MembershipYear {
  const [y, m, d] = endDay.split("-").map(Number) as [number, number, number];
  const dayAYearBefore = Math.min(d, daysInMonth(y - 1, m));
  const firstDay = new Date(Date.UTC(y - 1, m - 1, dayAYearBefore) + 86_400_000).toISOString().slice(0, 10);
  return { firstDay, lastDay: endDay };
}

/**
 * The membership year holding `today`: the one ending on `endDay`, or, on the day of a renewal
 * Stripe already made (the period end moved a year ahead that very day), the year that ended today.
 * @param endDay the shop day of `currentPeriodEnd`; @param today the shop's day now.
 */
export function currentMembershipYear(endDay: string, today: string): MembershipYear {
  const year = membershipYear(endDay);
  return today < year.firstDay ? membershipYear(today) : year;
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
