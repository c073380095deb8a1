/**
 * Business days (docs/product.md#branch-follow-up): weekends and each province's statutory holidays are
 * skipped, the holidays of one province only in that province, across a year boundary. Every
 * expected day below is counted by hand on the 2025–2027 calendars.
 */
import { describe, expect, it } from "vitest";
import { shopDateOf } from "~/i18n/shop-time";
import { BRANCH_FOLLOW_UP_BUSINESS_DAYS } from "~/orders/branch-follow-up";
import { addBusinessDays, isBusinessDay, nextDate, shopDayStart } from "./business-days";
import { isIsoDate } from "./fulfilment-forms";

describe("addBusinessDays", () => {
  it("skips weekends: Friday + 1 is Monday, Monday + 10 is the Monday two weeks later", () => {
    // 2026-03-06 is a Friday, 2026-03-09 a Monday; no holiday in March in either province.
    expect(addBusinessDays("2026-03-06", 1, "QC")).toBe("2026-03-09");
    expect(addBusinessDays("2026-03-09", 10, "ON")).toBe("2026-03-23");
    // Counting from a Saturday: Monday is the first business day.
    expect(addBusinessDays("2026-03-07", 1, "QC")).toBe("2026-03-09");
  });

  it("skips Quebec's Fête nationale (Saint-Jean-Baptiste, June 24) in QC but not in ON", () => {
    // 2026-06-23 Tuesday; June 24 is a Wednesday.
    expect(addBusinessDays("2026-06-23", 1, "QC")).toBe("2026-06-25");
    expect(addBusinessDays("2026-06-23", 1, "ON")).toBe("2026-06-24");
    expect(isBusinessDay("2026-06-24", "QC")).toBe(false);
    expect(isBusinessDay("2026-06-24", "ON")).toBe(true);
  });

  it("gives the 10-business-day follow-up across June 24 and July 1 (Canada Day, both provinces)", () => {
    // From Friday June 19, 2026: QC counts 22, 23, 25, 26, 29, 30, Jul 2, 3, 6, 7 → July 7;
    // ON counts 22, 23, 24, 25, 26, 29, 30, Jul 2, 3, 6 → July 6.
    expect(addBusinessDays("2026-06-19", BRANCH_FOLLOW_UP_BUSINESS_DAYS, "QC")).toBe("2026-07-07");
    expect(addBusinessDays("2026-06-19", BRANCH_FOLLOW_UP_BUSINESS_DAYS, "ON")).toBe("2026-07-06");
  });

  it("skips Ontario's Family Day (third Monday of February) in ON but not in QC", () => {
    // 2026-02-13 Friday; Family Day 2026 is Monday February 16; 2027's is February 15.
    expect(addBusinessDays("2026-02-13", 1, "ON")).toBe("2026-02-17");
    expect(addBusinessDays("2026-02-13", 1, "QC")).toBe("2026-02-16");
    expect(isBusinessDay("2027-02-15", "ON")).toBe(false);
    expect(isBusinessDay("2027-02-15", "QC")).toBe(true);
  });

  it("skips Good Friday in both provinces and counts Easter Monday in both (statutory in neither)", () => {
    // 2026-04-02 Thursday; Good Friday April 3; Easter Monday April 6.
    expect(addBusinessDays("2026-04-02", 1, "QC")).toBe("2026-04-06");
    expect(addBusinessDays("2026-04-02", 1, "ON")).toBe("2026-04-06");
    expect(isBusinessDay("2027-03-29", "ON")).toBe(true);
  });

  it("skips Boxing Day in ON only, and Christmas in both", () => {
    // 2025-12-24 Wednesday; Christmas Thursday 25; Boxing Day Friday 26.
    expect(addBusinessDays("2025-12-24", 1, "QC")).toBe("2025-12-26");
    expect(addBusinessDays("2025-12-24", 1, "ON")).toBe("2025-12-29");
  });

  it("crosses a year boundary, skipping Christmas, New Year's Day and the weekends", () => {
    // From Thursday 2026-12-24: Dec 28, 29, 30, 31, then Jan 1 (holiday), 2–3 (weekend), Jan 4, 5.
    expect(addBusinessDays("2026-12-24", 6, "QC")).toBe("2027-01-05");
    expect(addBusinessDays("2026-12-24", 6, "ON")).toBe("2027-01-05");
    // Ten from Friday 2025-12-19: QC 22, 23, 24, 26, 29, 30, 31, Jan 2, 5, 6; ON without Dec 26 → Jan 7.
    expect(addBusinessDays("2025-12-19", 10, "QC")).toBe("2026-01-06");
    expect(addBusinessDays("2025-12-19", 10, "ON")).toBe("2026-01-07");
  });

  it("gives the day back for 0 and refuses negative or fractional counts and malformed dates", () => {
    expect(addBusinessDays("2026-06-24", 0, "QC")).toBe("2026-06-24");
    expect(() => addBusinessDays("2026-06-24", -1, "QC")).toThrow(RangeError);
    expect(() => addBusinessDays("2026-06-24", 1.5, "QC")).toThrow(RangeError);
    expect(() => addBusinessDays("2026-02-30", 1, "QC")).toThrow(RangeError);
    expect(() => addBusinessDays("24/06/2026", 1, "QC")).toThrow(RangeError);
  });
});

describe("the shop's days (America/Toronto)", () => {
  it("starts a day at local midnight in summer (UTC−4) and in winter (UTC−5)", () => {
    expect(shopDayStart("2026-07-01").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(shopDayStart("2026-01-15").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    // The day daylight time starts (March 8, 2026, at 2 a.m.): midnight is still standard time.
    expect(shopDayStart("2026-03-08").toISOString()).toBe("2026-03-08T05:00:00.000Z");
  });

  it("gives an instant's shop day, not the UTC day", () => {
    expect(shopDateOf(new Date("2026-07-01T03:59:00Z"))).toBe("2026-06-30");
    expect(shopDateOf(new Date("2026-07-01T04:00:00Z"))).toBe("2026-07-01");
  });

  it("checks and steps calendar dates", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2026-1-5")).toBe(false);
    expect(nextDate("2026-12-31")).toBe("2027-01-01");
  });
});
