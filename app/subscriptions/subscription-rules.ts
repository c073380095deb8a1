/**
 * The rules of a subscription's life that need no database (docs/product.md#discovery-subscribers discovery subscription, docs/product.md#members
 * members): how Stripe's statuses read in ours, how a paid period is counted, how an
 * incoming Stripe state is merged into a row (replays and late events never undo a later state),
 * and the discovery rhythm (confirm by the first Monday of the month, delivery the second Tuesday).
 * Shared with the browser.
 */
import { SHOP_TIME_ZONE } from "~/i18n/format";
import type { PlanInterval, SubscriptionStatus } from "~/vocabulary";

/**
 * Statuses in which the customer holds the plan while `current_period_end` is ahead: it is not
 * sold again and may be cancelled. Member prices need ACTIVE (`hasActiveMembership`): a PAST_DUE
 * period end is one Stripe moved forward before the renewal was paid.
 */
export const LIVE_STATUSES = ["ACTIVE", "PAST_DUE"] as const satisfies readonly SubscriptionStatus[];

/** Statuses a subscription never leaves: a late or replayed event cannot bring it back. */
export const FINAL_STATUSES = ["CANCELLED", "EXPIRED"] as const satisfies readonly SubscriptionStatus[];

/**
 * Stripe's subscription status read as ours: active/trialing → ACTIVE; past_due/unpaid → PAST_DUE
 * (a renewal is not paid: no member prices, Stripe retries); paused → PAST_DUE (nothing is being
 * paid); canceled → CANCELLED; incomplete_expired → EXPIRED; incomplete → PENDING_PAYMENT.
 * @returns null for a status this code does not know (a newer API): the row's status is kept.
 */
export function statusFromStripe(stripeStatus: string): SubscriptionStatus | null {
  switch (stripeStatus) {
    case "active":
    case "trialing":
      return "ACTIVE";
    case "past_due":
    case "unpaid":
    case "paused":
      return "PAST_DUE";
    case "canceled":
      return "CANCELLED";
    case "incomplete_expired":
      return "EXPIRED";
    case "incomplete":
      return "PENDING_PAYMENT";
    default:
      return null;
  }
}

/**
 * The end of a paid period that starts at `start`: one calendar month or year later, at the same
 * time of day (UTC). A day the later month lacks becomes its last day, as Stripe bills: 31 January
 * + 1 month = 28 (or 29) February; 29 February + 1 year = 28 February.
 */
export function periodEnd(start: Date, interval: PlanInterval): Date {
  const year = start.getUTCFullYear() + (interval === "year" ? 1 : 0);
  const month = start.getUTCMonth() + (interval === "month" ? 1 : 0);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** What a subscription row says about its state. */
export interface SubscriptionState {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** What a Stripe object says; a null field says nothing about it (the row's value is kept). */
export interface IncomingSubscriptionState {
  status: SubscriptionStatus | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
}

/**
 * Merges what Stripe says into a row, so that events applied in any order end in the latest state
 * (Stripe does not promise order, and retries for days):
 * - CANCELLED and EXPIRED are final: a `customer.subscription.updated` delivered after `deleted`
 *   does not resurrect the subscription;
 * - a paid subscription (ACTIVE, PAST_DUE) never goes back to PENDING_PAYMENT (a late
 *   `created` carrying `incomplete`), and EXPIRED (an abandoned first payment) only applies to a
 *   pending one;
 * - the paid period only moves forward: a late event carrying an older period end is ignored.
 * @returns the new state (equal to `current` when nothing changes).
 */
export function mergeSubscriptionState(current: SubscriptionState, incoming: IncomingSubscriptionState): SubscriptionState {
  if (isOneOfStatuses(FINAL_STATUSES, current.status)) return current;
  let status = current.status;
  if (incoming.status !== null) {
    const paid = isOneOfStatuses(LIVE_STATUSES, current.status);
    const backToPending = paid && incoming.status === "PENDING_PAYMENT";
    const expiresPaid = paid && incoming.status === "EXPIRED";
    if (!backToPending && !expiresPaid) status = incoming.status;
  }
  const currentPeriodEnd =
    incoming.currentPeriodEnd && (!current.currentPeriodEnd || incoming.currentPeriodEnd > current.currentPeriodEnd)
      ? incoming.currentPeriodEnd
      : current.currentPeriodEnd;
  return { status, currentPeriodEnd, cancelAtPeriodEnd: incoming.cancelAtPeriodEnd ?? current.cancelAtPeriodEnd };
}

/** Whether the state holds the plan at `now` (not sold again, may be cancelled): ACTIVE or PAST_DUE with its period running. */
export function holdsPlan(state: Pick<SubscriptionState, "status" | "currentPeriodEnd">, now: Date): boolean {
  return isOneOfStatuses(LIVE_STATUSES, state.status) && state.currentPeriodEnd !== null && state.currentPeriodEnd > now;
}

function isOneOfStatuses(list: readonly SubscriptionStatus[], status: SubscriptionStatus): boolean {
  return list.includes(status);
}

/** A calendar day, month 1–12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/**
 * The next discovery cycle (docs/product.md#discovery-subscribers: "confirm by the first Monday of the month, delivery on the
 * second Tuesday"): this month's when `today` is on or before its first Monday, else next month's.
 * @param today the calendar day in the shop's time zone ({@link calendarDayIn}).
 */
export function nextDiscoveryCycle(today: CalendarDay): { confirmBy: CalendarDay; delivery: CalendarDay } {
  let { year, month } = today;
  if (today.day > nthWeekday(year, month, 1, 1)) {
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return {
    confirmBy: { year, month, day: nthWeekday(year, month, 1, 1) },
    delivery: { year, month, day: nthWeekday(year, month, 2, 2) },
  };
}

/** The day of the month of the `n`th `weekday` (0 Sunday … 6 Saturday) of a month (1–12). */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((weekday - first + 7) % 7) + 7 * (n - 1);
}

/** The calendar day of an instant in a time zone (default the shop's). */
export function calendarDayIn(instant: Date, timeZone = SHOP_TIME_ZONE): CalendarDay {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/**
 * A day as the customer reads it, in the page's language: "9 juin 2026" / "June 9, 2026", with the
 * weekday when asked ("mardi 9 juin 2026"). An instant is read in the shop's time zone.
 */
export function formatShopDate(when: Date | CalendarDay, locale: string, options: { weekday?: boolean } = {}): string {
  const instant = when instanceof Date ? when : new Date(Date.UTC(when.year, when.month - 1, when.day, 12));
  return new Intl.DateTimeFormat(locale.startsWith("en") ? "en-CA" : "fr-CA", {
    timeZone: when instanceof Date ? SHOP_TIME_ZONE : "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
    ...(options.weekday ? { weekday: "long" as const } : {}),
  }).format(instant);
}
