import { describe, expect, it } from "vitest";
import { MEMBER_TASTINGS_PER_YEAR, membershipYear, tastingDayRefusal, tastingsLeft } from "./tasting-rules";

describe("membershipYear", () => {
  it("runs from the period end minus one year to the day before the period end", () => {
    expect(membershipYear("2027-03-15")).toEqual({ firstDay: "2026-03-15", lastDay: "2027-03-14" });
  });

  it("crosses the end of a month and of a year", () => {
    expect(membershipYear("2027-01-01")).toEqual({ firstDay: "2026-01-01", lastDay: "2026-12-31" });
    expect(membershipYear("2026-03-01")).toEqual({ firstDay: "2025-03-01", lastDay: "2026-02-28" });
  });

  it("starts on February 28 when the period ends on February 29", () => {
    expect(membershipYear("2028-02-29")).toEqual({ firstDay: "2027-02-28", lastDay: "2028-02-28" });
  });
});

describe("tastingDayRefusal", () => {
  const year = membershipYear("2027-03-15");

  it("accepts a day of the year up to today", () => {
    expect(tastingDayRefusal("2026-03-15", year, "2026-06-01")).toBeNull();
    expect(tastingDayRefusal("2026-06-01", year, "2026-06-01")).toBeNull();
  });

  it("refuses a day after today, and a day outside the membership year", () => {
    expect(tastingDayRefusal("2026-06-02", year, "2026-06-01")).toBe("future");
    expect(tastingDayRefusal("2026-03-14", year, "2026-06-01")).toBe("outsideYear");
    // The renewal day belongs to the next year.
    expect(tastingDayRefusal("2027-03-15", year, "2027-03-15")).toBe("outsideYear");
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
