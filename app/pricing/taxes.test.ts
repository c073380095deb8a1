import { describe, expect, it } from "vitest";
import type { Province } from "~/vocabulary";
import { PricingInputError } from "./errors";
import {
  combinedRate,
  computeTaxes,
  liquorBoardNameFor,
  priceTaxIn,
  TAX_RATES,
  taxAmountOf,
  taxLinesFor,
  ZERO_RATED_PRODUCT_TYPES,
} from "./taxes";

describe("computeTaxes (docs/product.md#taxes)", () => {
  it.each([
    // province, taxable cents, expected
    ["QC", 10000, { gst: 500, qst: 998, hst: 0 }], // QST 997.5 → 998; QST on GST would be 10500 × 9.975 % = 1047
    ["QC", 2000, { gst: 100, qst: 200, hst: 0 }], // QST 199.5 → 200
    ["QC", 9800, { gst: 490, qst: 978, hst: 0 }], // QST 977.55 → 978
    ["QC", 10, { gst: 1, qst: 1, hst: 0 }], // 0.5 → 1, 0.9975 → 1
    ["QC", 1, { gst: 0, qst: 0, hst: 0 }], // 0.05, 0.09975
    ["QC", 0, { gst: 0, qst: 0, hst: 0 }],
    ["ON", 10000, { gst: 0, qst: 0, hst: 1300 }],
    ["ON", 50, { gst: 0, qst: 0, hst: 7 }], // 6.5 → 7
    ["ON", 1, { gst: 0, qst: 0, hst: 0 }], // 0.13
    ["ON", 3150, { gst: 0, qst: 0, hst: 410 }], // 409.5 → 410
  ] as const)("%s on %s cents", (province, taxable, expected) => {
    expect(computeTaxes(province, taxable)).toEqual(expected);
  });

  it.each([
    ["unknown province", () => computeTaxes("BC" as Province, 100)],
    ["negative amount", () => computeTaxes("QC", -1)],
    ["fractional amount", () => computeTaxes("ON", 0.5)],
    ["NaN amount", () => computeTaxes("QC", Number.NaN)],
  ])("throws PricingInputError on %s", (_name, call) => {
    expect(call).toThrow(PricingInputError);
  });
});

describe("priceTaxIn (tax-inclusive unit price, docs/product.md#tax-display)", () => {
  it.each([
    // price, province, zeroRated, expected
    [2599, "QC", false, 2988], // + GST 129.95 → 130 + QST 259.25025 → 259
    [2599, "ON", false, 2937], // + HST 337.87 → 338
    [2599, "QC", true, 2599], // zero-rated: unchanged
    [2599, "ON", true, 2599],
    [10, "QC", false, 12], // 1 + 1, each tax rounded: 10 × 14.975 % would give 11
    [10000, "QC", false, 11498], // 500 + 998
    [0, "ON", false, 0],
  ] as const)("priceTaxIn(%s, %s, zeroRated=%s) = %s", (price, province, zeroRated, expected) => {
    expect(priceTaxIn(price, province, zeroRated)).toBe(expected);
  });

  it("throws PricingInputError on bad input", () => {
    expect(() => priceTaxIn(-1, "QC", false)).toThrow(PricingInputError);
    expect(() => priceTaxIn(19.99, "QC", false)).toThrow(PricingInputError);
    expect(() => priceTaxIn(100, "AB" as Province, false)).toThrow(PricingInputError);
  });
});

describe("province helpers", () => {
  it("combinedRate in parts per 100 000", () => {
    expect(combinedRate("QC")).toBe(14975);
    expect(combinedRate("ON")).toBe(13000);
  });

  it("tax lines and liquor board per province", () => {
    expect(taxLinesFor("QC")).toEqual(["GST", "QST"]);
    expect(taxLinesFor("ON")).toEqual(["HST"]);
    expect(liquorBoardNameFor("QC")).toBe("SAQ");
    expect(liquorBoardNameFor("ON")).toBe("LCBO");
  });
});

describe("the taxes of a part", () => {
  it("each applicable tax code with its rate and its amount from computeTaxes", () => {
    const qc = computeTaxes("QC", 10_000);
    expect(taxLinesFor("QC").map((code) => [code, TAX_RATES[code], taxAmountOf(qc, code)])).toEqual([
      ["GST", 5000, 500],
      ["QST", 9975, 998],
    ]);
    const on = computeTaxes("ON", 10_000);
    expect(taxLinesFor("ON").map((code) => [code, TAX_RATES[code], taxAmountOf(on, code)])).toEqual([["HST", 13000, 1300]]);
  });

  it("the rates of a province's codes add up to its combined rate", () => {
    for (const province of ["QC", "ON"] as const) {
      expect(taxLinesFor(province).reduce((sum, code) => sum + TAX_RATES[code], 0)).toBe(combinedRate(province));
    }
  });

  it("only basic groceries (FOODS) may be zero-rated", () => {
    expect([...ZERO_RATED_PRODUCT_TYPES]).toEqual(["FOODS"]);
  });
});
