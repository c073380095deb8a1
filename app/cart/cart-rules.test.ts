import { describe, expect, it } from "vitest";
import { soldByTheCase } from "~/catalogue/product-inventory";
import { INVENTORIES } from "~/catalogue/seed/reference-data";
import { bottlesOf, checkoutBlockers, fullCasesIn, isSingleBottle, largestQuantityInStock, sectionFor } from "./cart-rules";

const wineCase = { section: "AGENCY" as const, quantity: 1, uvc: 12, stock: 24, isAlcohol: true, typeCode: "VIN" };
const shopWine = { section: "SHOP" as const, quantity: 2, uvc: 1, stock: 10, isAlcohol: true, typeCode: "VIN" };
const terrine = { section: "SHOP" as const, quantity: 1, uvc: 1, stock: 5, isAlcohol: false, typeCode: "FOODS" };
const tShirt = { section: "SHOP" as const, quantity: 1, uvc: 1, stock: 5, isAlcohol: false, typeCode: "GOODS" };

describe("checkoutBlockers", () => {
  it("lets a private-import case alone go to checkout", () => {
    expect(checkoutBlockers([wineCase])).toEqual([]);
  });
  it("blocks alcohol bought in the shop without a food item", () => {
    expect(checkoutBlockers([shopWine])).toEqual(["alcohol-needs-food"]);
    expect(checkoutBlockers([shopWine, tShirt])).toEqual(["alcohol-needs-food"]);
  });
  it("lets shop alcohol go with a food item", () => {
    expect(checkoutBlockers([shopWine, terrine])).toEqual([]);
  });
  it("counts private-import stock in bottles: 3 cases of 12 need 36 bottles", () => {
    expect(checkoutBlockers([{ ...wineCase, quantity: 2 }])).toEqual([]);
    expect(checkoutBlockers([{ ...wineCase, quantity: 3 }])).toEqual(["stock"]);
  });
  it("never blocks reserved lines for stock", () => {
    expect(checkoutBlockers([{ ...wineCase, section: "RESERVED" as const, stock: 0 }])).toEqual([]);
  });
  it("blocks a line of a product reserved to members today in a non-member's cart (decision 049)", () => {
    expect(checkoutBlockers([{ ...wineCase, membersOnlyUntil: "2026-12-24" }])).toEqual(["members-only"]);
    expect(checkoutBlockers([{ ...wineCase, membersOnlyUntil: null }])).toEqual([]);
  });
});

describe("sold by the full case (docs/product.md#cases)", () => {
  it("counts cases × uvc bottles for private import, units otherwise", () => {
    expect(bottlesOf({ section: "AGENCY", quantity: 3, uvc: 6 })).toBe(18);
    expect(bottlesOf({ section: "SHOP", quantity: 3, uvc: 6 })).toBe(3);
  });
  it("reserves an upcoming private-import product by the case, like the agency section", () => {
    expect(bottlesOf({ section: "RESERVED", channelKind: "PRIVATE_IMPORT", quantity: 1, uvc: 6 })).toBe(6);
    expect(bottlesOf({ section: "RESERVED", channelKind: "SHOP", quantity: 2, uvc: 1 })).toBe(2);
  });
  it("sells only whole cases out of a stock of bottles", () => {
    expect(fullCasesIn(17, 6)).toBe(2);
    expect(fullCasesIn(5, 6)).toBe(0);
    expect(fullCasesIn(18, 6)).toBe(3);
  });
});

describe("merging at login keeps the stock rule", () => {
  it("caps a private-import line to the whole cases in stock, a shop line to the units", () => {
    expect(largestQuantityInStock({ section: "AGENCY", quantity: 7, uvc: 6, stock: 31 })).toBe(5);
    expect(largestQuantityInStock({ section: "SHOP", quantity: 7, uvc: 1, stock: 4 })).toBe(4);
    expect(largestQuantityInStock({ section: "SHOP", quantity: 3, uvc: 1, stock: 40 })).toBe(3);
    expect(largestQuantityInStock({ section: "AGENCY", quantity: 2, uvc: 12, stock: 5 })).toBe(0);
  });
  it("never caps a reservation", () => {
    expect(largestQuantityInStock({ section: "RESERVED", quantity: 4, uvc: 6, stock: 0 })).toBe(4);
  });
});

describe("the member single-bottle price applies to (docs/product.md#members)", () => {
  it("alcohol in a container bought by the unit in the shop", () => {
    expect(isSingleBottle({ section: "SHOP", isAlcohol: true, volumeMl: 750 })).toBe(true);
  });
  it("not food, not goods without a volume, not private import or reservations", () => {
    expect(isSingleBottle({ section: "SHOP", isAlcohol: false, volumeMl: 500 })).toBe(false);
    expect(isSingleBottle({ section: "SHOP", isAlcohol: true, volumeMl: null })).toBe(false);
    expect(isSingleBottle({ section: "AGENCY", isAlcohol: true, volumeMl: 750 })).toBe(false);
    expect(isSingleBottle({ section: "RESERVED", isAlcohol: true, volumeMl: 750 })).toBe(false);
  });
});

describe("soldByTheCase", () => {
  it("gives a channel and the cart line it becomes the same answer, in every inventory", () => {
    for (const inventory of INVENTORIES) {
      for (const status of ["AVAILABLE", "UPCOMING"] as const) {
        const line = { section: sectionFor(inventory.channelKind, status), channelKind: inventory.channelKind };
        expect(soldByTheCase(line), `${inventory.code} ${status}`).toBe(soldByTheCase(inventory));
      }
    }
  });
});
