import { describe, expect, it } from "vitest";
import { displayPrice, memberUnitPrice, type PricedChannel } from "./display-price";

// A private-import bottle at 25.00 $ before taxes in Quebec: GST 1.25 + QST 2.49 (2.49375) = 28.74.
const bottle: PricedChannel = { priceCents: 2500, priceTaxInCents: 2874, province: "QC", salesUnit: "CASE", zeroRated: false, uvc: 12 };

describe("displayPrice", () => {
  it("shows the bottle and the case before taxes in OUT mode", () => {
    expect(displayPrice(bottle, "OUT")).toEqual({ unitCents: 2500, caseCents: 30000 });
  });
  it("taxes the case total in IN mode (30000 + 1500 GST + 2992.5→2993 QST)", () => {
    expect(displayPrice(bottle, "IN")).toEqual({ unitCents: 2874, caseCents: 34493 });
  });
  it("uses Ontario's HST for an Ontario channel (30000 + 3900)", () => {
    expect(displayPrice({ ...bottle, province: "ON", priceTaxInCents: 2825 }, "IN")).toEqual({ unitCents: 2825, caseCents: 33900 });
  });
  it("has no case price for items sold by the unit", () => {
    expect(displayPrice({ ...bottle, salesUnit: "UNIT" }, "IN")).toEqual({ unitCents: 2874, caseCents: null });
  });
});

describe("the member price of a single bottle (docs/product.md#members)", () => {
  it("takes 20 % off before tax, then shows it in the tax mode", () => {
    const bottle = { priceCents: 2500, province: "QC" as const, zeroRated: false };
    expect(memberUnitPrice(bottle, "OUT")).toBe(2000);
    // 20.00 + GST 1.00 + QST 2.00 (9.975 %, half up) = 23.00
    expect(memberUnitPrice(bottle, "IN")).toBe(2300);
    expect(memberUnitPrice({ ...bottle, province: "ON" }, "IN")).toBe(2260);
  });
});
