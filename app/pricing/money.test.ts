import { describe, expect, it } from "vitest";
import { LIQUOR_BOARD_OF } from "~/vocabulary";
import {
  DISCOVERY_MONTHLY_CENTS,
  DISCOVERY_YEARLY_CENTS,
  GST_RATE,
  HST_RATE,
  MEMBER_PAY_NOW_DISCOUNT_RATE,
  MEMBER_PAY_NOW_THRESHOLD_CENTS,
  MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE,
  MEMBERSHIP_YEARLY_CENTS,
  QST_RATE,
  RATE_DENOMINATOR,
} from "./constants";
import { PricingInputError } from "./errors";
import { allocateProportionally, parseDollars, percentOf, roundHalfUp } from "./money";

describe("constants (docs/product.md#members; docs/product.md#prices)", () => {
  it.each([
    ["RATE_DENOMINATOR", RATE_DENOMINATOR, 100000],
    ["GST_RATE 5 %", GST_RATE, 5000],
    ["QST_RATE 9.975 %", QST_RATE, 9975],
    ["HST_RATE 13 %", HST_RATE, 13000],
    ["member single bottle −20 %", MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE, 20000],
    ["member pay-now −15 %", MEMBER_PAY_NOW_DISCOUNT_RATE, 15000],
    ["member pay-now threshold $500", MEMBER_PAY_NOW_THRESHOLD_CENTS, 50000],
    ["membership $150/year", MEMBERSHIP_YEARLY_CENTS, 15000],
    ["discovery yearly $500", DISCOVERY_YEARLY_CENTS, 50000],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("discovery monthly packages are $290 and $380", () => {
    expect(DISCOVERY_MONTHLY_CENTS).toEqual([29000, 38000]);
  });

  it("liquor boards are SAQ in QC and LCBO in ON", () => {
    expect(LIQUOR_BOARD_OF).toEqual({ QC: "SAQ", ON: "LCBO" });
  });
});

describe("roundHalfUp", () => {
  it.each([
    // numerator, denominator, expected
    [5, 10, 1], // 0.5 → 1 (half up)
    [4, 10, 0], // 0.4 → 0
    [6, 10, 1], // 0.6 → 1
    [15, 10, 2], // 1.5 → 2
    [25, 10, 3], // 2.5 → 3 (not banker's rounding, which gives 2)
    [14, 10, 1],
    [0, 7, 0],
    [10, 5, 2], // exact
    [-5, 10, -1], // −0.5 → −1 (half away from zero, symmetric)
    [-4, 10, 0],
    [-15, 10, -2],
    [5, -10, -1], // negative denominator normalised
    [5n, 10n, 1],
  ] as const)("roundHalfUp(%s, %s) = %s", (n, d, expected) => {
    expect(roundHalfUp(n, d)).toBe(expected);
  });

  it("never returns -0", () => {
    expect(Object.is(roundHalfUp(-4, 10), 0)).toBe(true);
  });

  it("is exact for large values, up to Number.MAX_SAFE_INTEGER", () => {
    // 9 007 199 254 740 990.5 → 9 007 199 254 740 991; the numerator (9e20) is far beyond 2^53.
    expect(roundHalfUp(900719925474099050000n, 100000n)).toBe(9007199254740991);
    // 9 007 199 254 740 990.49999 → …990
    expect(roundHalfUp(900719925474099049999n, 100000n)).toBe(9007199254740990);
  });

  it.each([
    ["zero denominator", () => roundHalfUp(1, 0)],
    ["fractional numerator", () => roundHalfUp(1.5, 10)],
    ["NaN numerator", () => roundHalfUp(Number.NaN, 10)],
    ["infinite denominator", () => roundHalfUp(1, Number.POSITIVE_INFINITY)],
    ["unsafe result", () => roundHalfUp(2n ** 60n, 1n)],
  ])("throws PricingInputError on %s", (_name, call) => {
    expect(call).toThrow(PricingInputError);
  });
});

describe("percentOf", () => {
  it.each([
    // cents, parts per 100 000, expected cents
    [10000, 5000, 500], // GST on $100.00
    [10000, 9975, 998], // QST on $100.00: 997.5 → 998
    [2000, 9975, 200], // 199.5 → 200
    [1999, 9975, 199], // 199.40025 → 199
    [10, 5000, 1], // 0.5 → 1
    [9, 5000, 0], // 0.45 → 0
    [1000, 14975, 150], // 149.75 → 150
    [16670, 15000, 2501], // 2500.5 → 2501
    [1998, 20000, 400], // 399.6 → 400
    [0, 9975, 0],
    [12345, 0, 0],
    // 76 383 877 522 802 cents × 9.975 % = 7 619 291 782 899.4995 → …899; the product
    // (7.6e17) is beyond 2^53, and Math.round(c * 9975 / 100000) gives …900.
    [76383877522802, 9975, 7619291782899],
  ])("percentOf(%s, %s) = %s", (cents, rate, expected) => {
    expect(percentOf(cents, rate)).toBe(expected);
  });

  it("beats the float computation on a large amount", () => {
    expect(Math.round((76383877522802 * 9975) / 100000)).toBe(7619291782900);
    expect(percentOf(76383877522802, 9975)).toBe(7619291782899);
  });

  it.each([
    ["negative cents", () => percentOf(-1, 5000)],
    ["fractional cents", () => percentOf(10.5, 5000)],
    ["NaN cents", () => percentOf(Number.NaN, 5000)],
    ["negative rate", () => percentOf(100, -5000)],
  ])("throws PricingInputError on %s", (_name, call) => {
    expect(call).toThrow(PricingInputError);
  });
});

describe("allocateProportionally (largest remainder)", () => {
  it.each([
    // total, weights, expected shares
    [7500, [36000, 9999, 4001], [5400, 1500, 600]], // 5400, 1499.85, 600.15
    [7502, [16670, 16670, 16670], [2501, 2501, 2500]], // 2500.67 each: the 2 spare cents go to the first two
    [10, [1, 1, 1], [4, 3, 3]], // ties go to the earlier weight
    [100, [0, 5, 0], [0, 100, 0]],
    [0, [0, 0], [0, 0]],
    [0, [3, 4], [0, 0]],
    [1, [1, 3], [0, 1]], // 0.25 / 0.75: the larger remainder wins
  ])("allocate(%s, %j) = %j", (total, weights, expected) => {
    const shares = allocateProportionally(total, weights);
    expect(shares).toEqual(expected);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it("throws when a non-zero amount has nothing to go on", () => {
    expect(() => allocateProportionally(1, [0, 0])).toThrow(PricingInputError);
    expect(() => allocateProportionally(1, [-1, 2])).toThrow(PricingInputError);
  });
});

describe("parseDollars", () => {
  const max = 100_000_000;
  it("reads dollars with a point or a comma into integer cents, without floating point", () => {
    expect(parseDollars("24,95", max)).toEqual({ ok: true, cents: 2495 });
    expect(parseDollars(" 24.95 ", max)).toEqual({ ok: true, cents: 2495 });
    expect(parseDollars("24", max)).toEqual({ ok: true, cents: 2400 });
    expect(parseDollars("24.5", max)).toEqual({ ok: true, cents: 2450 });
    expect(parseDollars("0", max)).toEqual({ ok: true, cents: 0 });
    // 0.29 × 100 is 28.999999999999996 in floating point; the string is read digit by digit.
    expect(parseDollars("0.29", max)).toEqual({ ok: true, cents: 29 });
    expect(parseDollars("1000000", max)).toEqual({ ok: true, cents: 100_000_000 });
  });

  it("refuses more than two decimals, signs, separators, words and amounts over the limit", () => {
    expect(parseDollars("24.999", max)).toEqual({ ok: false, reason: "decimals" });
    for (const text of ["-1", "24.", ".5", "$24", "1 000", "1,000.00", "abc", "", "2e3", "1234567890"]) {
      expect(parseDollars(text, max), text).toEqual({ ok: false, reason: "format" });
    }
    expect(parseDollars("1000000.01", max)).toEqual({ ok: false, reason: "tooHigh" });
    expect(parseDollars("10.01", 1000)).toEqual({ ok: false, reason: "tooHigh" });
  });
});
