/**
 * One card per wine (docs/decisions/040): the channel rows of a page grouped into one card per
 * product, in the page's order, the channel a URL names first.
 */
import { describe, expect, it } from "vitest";
import type { InventoryCode } from "~/vocabulary";
import { distinctInOrder, groupChannels, type ListedChannelRow } from "./products.server";

function row(productId: number, productInventoryId: number, inventoryCode: InventoryCode): ListedChannelRow {
  return {
    productId,
    productInventoryId,
    inventoryCode,
    province: "QC",
    channelKind: inventoryCode === "IP" ? "PRIVATE_IMPORT" : inventoryCode === "SAQ" ? "LIQUOR_BOARD" : "SHOP",
    salesUnit: inventoryCode === "IP" ? "CASE" : inventoryCode === "SAQ" ? "NONE" : "UNIT",
    purchasable: inventoryCode !== "SAQ",
    priceCents: 2000 + productInventoryId,
    priceTaxInCents: 2300 + productInventoryId,
    agencyFeeCents: 0,
    quantity: 10,
    availabilityStatus: "AVAILABLE",
    zeroRated: false,
    puid: `P${productId}`,
    slug: `wine-${productId}`,
    name: `Wine ${productId}`,
    vintage: 2020,
    volumeMl: 750,
    uvc: 12,
    typeCode: "VIN",
    providerName: "Ageno",
    providerSlug: "ageno",
    countryCode: "IT",
    regionName: null,
    colorCode: "red",
  };
}

describe("groupChannels", () => {
  // Rows as read: in the inventories' display order, products mixed.
  const rows = [row(1, 11, "IP"), row(2, 21, "IP"), row(1, 12, "SAQ"), row(1, 13, "Brouhh"), row(3, 31, "MERCH_MTL")];

  it("makes one card per product, in the page's order, with all its channels", () => {
    const cards = groupChannels([2, 1, 3], rows);
    expect(cards.map((c) => c.productId)).toEqual([2, 1, 3]);
    expect(cards[1]!.channels.map((c) => c.inventoryCode)).toEqual(["IP", "SAQ", "Brouhh"]);
    expect(cards[1]).toMatchObject({ name: "Wine 1", providerName: "Ageno", uvc: 12 });
    expect(cards[1]!.channels[1]).toMatchObject({ productInventoryId: 12, priceCents: 2012, purchasable: false });
    expect(cards[1]!.channels[1]).not.toHaveProperty("name");
  });

  it("puts the channels a URL names first, in the order named", () => {
    const [card] = groupChannels([1], rows, ["Brouhh", "SAQ"]);
    expect(card!.channels.map((c) => c.inventoryCode)).toEqual(["Brouhh", "SAQ", "IP"]);
  });

  it("leaves out a product without a row", () => {
    expect(groupChannels([4, 3], rows).map((c) => c.productId)).toEqual([3]);
  });
});

describe("distinctInOrder", () => {
  it("keeps each product once, where its first channel stands in the list's order", () => {
    expect(distinctInOrder([5, 3, 5, 9, 3, 1])).toEqual([5, 3, 9, 1]);
  });
});
