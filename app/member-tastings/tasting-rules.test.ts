import { describe, expect, it } from "vitest";
import { currentMembershipYear, MEMBER_TASTINGS_PER_YEAR, membershipYear, tastingDayRefusal, tastingsLeft } from "./tasting-rules";

describe("membershipYear", () => {
  it("runs from the day after the period end's date a year earlier to the period end's day", () => {
    expect(membershipYear("2027-03-15")).toEqual({ firstDay: "2026-03-16", lastDay: "2027-03-15" });
  });

  it("crosses the end of a month and of a year", () => {
    expect(membershipYear("2027-01-01")).toEqual({ firstDay: "2026-01-02", lastDay: "2027-01-01" });
    expect(membershipYear("2026-12-31")).toEqual({ firstDay: "2026-01-01", lastDay: "2026-12-31" });
    expect(membershipYear("2026-03-01")).toEqual({ firstDay: "2025-03-02", lastDay: "2026-03-01" });
  });

  it("starts on March 1 when the period ends on February 29", () => {
    expect(membershipYear("2028-02-29")).toEqual({ firstDay: "2027-03-01", lastDay: "2028-02-29" });
  });

  it("makes consecutive yearly periods follow each other day after day", () => {
    const first = membershipYear("2027-03-15");
    const next = membershipYear("2028-03-15");
    expect(next.firstDay).toBe(new Date(Date.UTC(2027, 2, 16)).toISOString().slice(0, 10));
    expect(first.lastDay < next.firstDay).toBe(true);
  });
});

describe("currentMembershipYear", () => {
  it("is the year ending at the period end, or on a renewal day already renewed, the year ending today", () => {
    expect(currentMembershipYear("2027-03-15", "2026-06-01")).toEqual({ firstDay: "2026-03-16", lastDay: "2027-03-15" });
    // Stripe renewed on 2027-03-15: the period now ends 2028-03-15, and today still ends the old year.
    expect(currentMembershipYear("2028-03-15", "2027-03-15")).toEqual({ firstDay: "2026-03-16", lastDay: "2027-03-15" });
    expect(currentMembershipYear("2028-03-15", "2027-03-16")).toEqual({ firstDay: "2027-03-16", lastDay: "2028-03-15" });
  });
});

describe("tastingDayRefusal", () => {
  const year = membershipYear("2027-03-15");

  it("accepts a day of the year up to today", () => {
    expect(tastingDayRefusal("2026-03-16", year, "2026-06-01")).toBeNull();
    expect(tastingDayRefusal("2026-06-01", year, "2026-06-01")).toBeNull();
  });

  it("refuses a day after today, and a day outside the membership year", () => {
    expect(tastingDayRefusal("2026-06-02", year, "2026-06-01")).toBe("future");
    expect(tastingDayRefusal("2026-03-15", year, "2026-06-01")).toBe("outsideYear");
    // The period end's day is the year's last: a membership ending then can still use it.
    expect(tastingDayRefusal("2027-03-15", year, "2027-03-15")).toBeNull();
  });
});

describe("tastingsLeft", () => {
  it("counts down from the yearly allowance and stops at zero", () => {
    expect(MEMBER_TASTINGS_PER_YEAR).toBe(4);
    expect(tastingsLeft(0)).toBe(4);
    expect(tastingsLeft(3)).toBe(1);
    expect(tastingsLeft(5)).toBe(0);
  });
});
