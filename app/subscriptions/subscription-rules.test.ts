import { describe, expect, it } from "vitest";
import { isRowId } from "~/db/row-id";
import {
  calendarDayIn,
  formatShopDate,
  holdsPlan,
  mergeSubscriptionState,
  nextDiscoveryCycle,
  periodEnd,
  statusFromStripe,
  type SubscriptionState,
} from "./subscription-rules";

const at = (iso: string) => new Date(iso);

describe("statusFromStripe", () => {
  it.each([
    ["active", "ACTIVE"],
    ["trialing", "ACTIVE"],
    ["past_due", "PAST_DUE"],
    ["unpaid", "PAST_DUE"],
    ["paused", "PAST_DUE"],
    ["canceled", "CANCELLED"],
    ["incomplete_expired", "EXPIRED"],
    ["incomplete", "PENDING_PAYMENT"],
    ["something_new", null],
  ])("%s → %s", (stripe, ours) => {
    expect(statusFromStripe(stripe)).toBe(ours);
  });
});

describe("periodEnd", () => {
  it("adds one calendar month or year at the same time of day", () => {
    expect(periodEnd(at("2026-03-15T14:30:00Z"), "month").toISOString()).toBe("2026-04-15T14:30:00.000Z");
    expect(periodEnd(at("2026-12-20T08:00:00Z"), "month").toISOString()).toBe("2027-01-20T08:00:00.000Z");
    expect(periodEnd(at("2026-03-15T14:30:00Z"), "year").toISOString()).toBe("2027-03-15T14:30:00.000Z");
  });

  it("ends on the last day of a shorter month, as Stripe bills", () => {
    expect(periodEnd(at("2026-01-31T10:00:00Z"), "month").toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(periodEnd(at("2028-01-31T10:00:00Z"), "month").toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(periodEnd(at("2028-02-29T10:00:00Z"), "year").toISOString()).toBe("2029-02-28T10:00:00.000Z");
  });
});

describe("mergeSubscriptionState", () => {
  const pending: SubscriptionState = { status: "PENDING_PAYMENT", currentPeriodEnd: null, cancelAtPeriodEnd: false };
  const active: SubscriptionState = { status: "ACTIVE", currentPeriodEnd: at("2026-07-01T00:00:00Z"), cancelAtPeriodEnd: false };

  it("takes the status, period end and cancel flag Stripe gives", () => {
    expect(
      mergeSubscriptionState(pending, { status: "ACTIVE", currentPeriodEnd: at("2026-07-01T00:00:00Z"), cancelAtPeriodEnd: false }),
    ).toEqual(active);
    expect(mergeSubscriptionState(active, { status: "PAST_DUE", currentPeriodEnd: null, cancelAtPeriodEnd: true })).toEqual({
      status: "PAST_DUE",
      currentPeriodEnd: active.currentPeriodEnd,
      cancelAtPeriodEnd: true,
    });
    expect(mergeSubscriptionState(active, { status: "CANCELLED", currentPeriodEnd: null, cancelAtPeriodEnd: null })).toMatchObject({
      status: "CANCELLED",
    });
  });

  it("never leaves CANCELLED or EXPIRED (a late update does not resurrect)", () => {
    const cancelled: SubscriptionState = { ...active, status: "CANCELLED" };
    const late = { status: "ACTIVE" as const, currentPeriodEnd: at("2027-07-01T00:00:00Z"), cancelAtPeriodEnd: false };
    expect(mergeSubscriptionState(cancelled, late)).toBe(cancelled);
    const expired: SubscriptionState = { ...pending, status: "EXPIRED" };
    expect(mergeSubscriptionState(expired, late)).toBe(expired);
  });

  it("never sends a paid subscription back to pending or expired, nor its period backwards", () => {
    expect(
      mergeSubscriptionState(active, { status: "PENDING_PAYMENT", currentPeriodEnd: at("2026-06-01T00:00:00Z"), cancelAtPeriodEnd: null }),
    ).toEqual(active);
    expect(mergeSubscriptionState(active, { status: "EXPIRED", currentPeriodEnd: null, cancelAtPeriodEnd: null })).toEqual(active);
    expect(mergeSubscriptionState(pending, { status: "EXPIRED", currentPeriodEnd: null, cancelAtPeriodEnd: null }).status).toBe("EXPIRED");
  });
});

describe("holdsPlan", () => {
  const now = at("2026-06-01T12:00:00Z");
  it("holds while ACTIVE or PAST_DUE and the paid period runs", () => {
    expect(holdsPlan({ status: "ACTIVE", currentPeriodEnd: at("2026-06-01T12:00:01Z") }, now)).toBe(true);
    expect(holdsPlan({ status: "PAST_DUE", currentPeriodEnd: at("2026-07-01T00:00:00Z") }, now)).toBe(true);
    expect(holdsPlan({ status: "ACTIVE", currentPeriodEnd: now }, now)).toBe(false);
    expect(holdsPlan({ status: "ACTIVE", currentPeriodEnd: null }, now)).toBe(false);
    expect(holdsPlan({ status: "CANCELLED", currentPeriodEnd: at("2026-07-01T00:00:00Z") }, now)).toBe(false);
    expect(holdsPlan({ status: "PENDING_PAYMENT", currentPeriodEnd: null }, now)).toBe(false);
  });
});

describe("isRowId (a subscription id from a form or Stripe's metadata)", () => {
  it("accepts a positive PostgreSQL integer only", () => {
    expect([1, 2_147_483_647].map(isRowId)).toEqual([true, true]);
    expect([0, -1, 1.5, Number.NaN, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2].map(isRowId)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("nextDiscoveryCycle", () => {
  // June 2026 starts on a Monday: first Monday the 1st, second Tuesday the 9th.
  it("is this month's up to and including its first Monday", () => {
    expect(nextDiscoveryCycle({ year: 2026, month: 6, day: 1 })).toEqual({
      confirmBy: { year: 2026, month: 6, day: 1 },
      delivery: { year: 2026, month: 6, day: 9 },
    });
    // May 2026 starts on a Friday: first Monday the 4th, second Tuesday the 12th.
    expect(nextDiscoveryCycle({ year: 2026, month: 5, day: 3 })).toEqual({
      confirmBy: { year: 2026, month: 5, day: 4 },
      delivery: { year: 2026, month: 5, day: 12 },
    });
  });

  it("is next month's after the first Monday, across the new year", () => {
    // July 2026 starts on a Wednesday: first Monday the 6th, second Tuesday the 14th.
    expect(nextDiscoveryCycle({ year: 2026, month: 6, day: 2 })).toEqual({
      confirmBy: { year: 2026, month: 7, day: 6 },
      delivery: { year: 2026, month: 7, day: 14 },
    });
    // January 2027 starts on a Friday: first Monday the 4th, second Tuesday the 12th.
    expect(nextDiscoveryCycle({ year: 2026, month: 12, day: 15 })).toEqual({
      confirmBy: { year: 2027, month: 1, day: 4 },
      delivery: { year: 2027, month: 1, day: 12 },
    });
  });
});

describe("dates in the shop's time zone", () => {
  it("reads an instant as Montréal's calendar day", () => {
    // 02:00 UTC on 2 June is still 1 June, 22:00, in Montréal.
    expect(calendarDayIn(at("2026-06-02T02:00:00Z"))).toEqual({ year: 2026, month: 6, day: 1 });
  });

  it("formats a day in French or English", () => {
    expect(formatShopDate({ year: 2026, month: 6, day: 9 }, "fr-CA", { weekday: true })).toBe("mardi 9 juin 2026");
    expect(formatShopDate({ year: 2026, month: 6, day: 9 }, "en-US")).toBe("June 9, 2026");
    expect(formatShopDate(at("2026-06-02T02:00:00Z"), "fr-CA")).toBe("1 juin 2026");
  });
});
