/**
 * Integration: the one catalogue writer (used by the demo seed, the synthetic generator and the
 * import) inserts in batches, refreshes only the columns a caller names on an upsert, refuses a
 * duplicate on a plain insert, and replaces origins and attributes when asked.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attributes, productAttributes, productInventories, products, providerOrigins, regions } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import {
  chunk,
  writeProductAttributes,
  writeProductInventories,
  writeProducts,
  writeProviderOrigins,
  writeProviders,
} from "./catalogue-writer.server";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "reference" });
});
afterAll(() => testDb?.close());

const provider = (slug: string, name: string) => ({ slug, name, descriptionFr: "fr", descriptionEn: "en", imageColor: null });
const product = (puid: string, providerId: number, nameFr: string) => ({
  puid,
  slug: `w-${puid.toLowerCase()}`,
  nameFr,
  nameEn: `${nameFr} (en)`,
  uvc: 12,
  typeCode: "VIN",
  providerId,
  zeroRated: false,
});

describe("chunk", () => {
  it("cuts in order into batches of at most the size", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
  });
});

describe("the catalogue writer", () => {
  it("writes producers, products and inventories in batches and returns their ids by key", async () => {
    const { db } = testDb;
    const providerIds = await writeProviders(db, [provider("wr-a", "A"), provider("wr-b", "B"), provider("wr-c", "C")], {
      batchSize: 2,
      onExisting: "insert",
    });
    expect([...providerIds.keys()]).toEqual(["wr-a", "wr-b", "wr-c"]);
    const productIds = await writeProducts(
      db,
      [product("WR001", providerIds.get("wr-a")!, "Un"), product("WR002", providerIds.get("wr-b")!, "Deux")],
      {
        batchSize: 1,
        onExisting: "insert",
      },
    );
    expect(productIds.size).toBe(2);
    await writeProductInventories(
      db,
      [
        {
          productId: productIds.get("WR001")!,
          inventoryCode: "IP",
          puid: "WR001-IP",
          priceCents: 2500,
          agencyFeeCents: 500,
          priceTaxInCents: 2874,
          quantity: 24,
          availabilityStatus: "AVAILABLE",
        },
      ],
      { batchSize: 10, onExisting: "insert" },
    );
    const [row] = await db
      .select({ priceCents: productInventories.priceCents })
      .from(productInventories)
      .where(eq(productInventories.puid, "WR001-IP"));
    expect(row?.priceCents).toBe(2500);
  });

  it("a plain insert refuses a key already there; an upsert refreshes only the columns named", async () => {
    const { db } = testDb;
    const [existing] = await db.select().from(products).where(eq(products.puid, "WR001"));
    await expect(
      writeProducts(db, [product("WR001", existing!.providerId, "Autre")], { batchSize: 10, onExisting: "insert" }),
    ).rejects.toThrow();
    const ids = await writeProducts(db, [{ ...product("WR001", existing!.providerId, "Nouveau"), slug: "w-changed", uvc: 6 }], {
      batchSize: 10,
      onExisting: ["nameFr", "uvc"],
    });
    expect(ids.get("WR001")).toBe(existing!.id);
    const [after] = await db.select().from(products).where(eq(products.puid, "WR001"));
    expect({ nameFr: after!.nameFr, uvc: after!.uvc, slug: after!.slug, nameEn: after!.nameEn }).toEqual({
      nameFr: "Nouveau",
      uvc: 6,
      slug: existing!.slug,
      nameEn: existing!.nameEn,
    });

    await writeProductInventories(
      db,
      [
        {
          productId: existing!.id,
          inventoryCode: "IP",
          puid: "WR001-IP",
          priceCents: 3000,
          agencyFeeCents: 700,
          priceTaxInCents: 3449,
          quantity: 1,
          availabilityStatus: "AVAILABLE",
        },
      ],
      { batchSize: 10, onExisting: ["priceCents", "priceTaxInCents"] },
    );
    const [inventory] = await db.select().from(productInventories).where(eq(productInventories.puid, "WR001-IP"));
    expect({ price: inventory!.priceCents, fee: inventory!.agencyFeeCents, quantity: inventory!.quantity }).toEqual({
      price: 3000,
      fee: 500,
      quantity: 24,
    });
  });

  it("replaces a producer's origins and a product's attributes when asked", async () => {
    const { db } = testDb;
    const [providerId] = [...(await writeProviders(db, [provider("wr-a", "A bis")], { batchSize: 10, onExisting: ["name"] })).values()];
    const [first, second] = await db
      .select({ id: regions.id, countryId: regions.countryId })
      .from(regions)
      .orderBy(asc(regions.id))
      .limit(2);
    await writeProviderOrigins(db, [{ providerId: providerId!, countryId: first!.countryId, regionId: first!.id }], { batchSize: 10 });
    await writeProviderOrigins(db, [{ providerId: providerId!, countryId: second!.countryId, regionId: second!.id }], {
      batchSize: 10,
      replaceFor: [providerId!],
    });
    const origins = await db
      .select({ regionId: providerOrigins.regionId })
      .from(providerOrigins)
      .where(eq(providerOrigins.providerId, providerId!));
    expect(origins).toEqual([{ regionId: second!.id }]);

    const [productRow] = await db.select({ id: products.id }).from(products).where(eq(products.puid, "WR002"));
    const [a1, a2] = await db.select({ id: attributes.id }).from(attributes).orderBy(asc(attributes.id)).limit(2);
    await writeProductAttributes(db, [{ productId: productRow!.id, attributeId: a1!.id }], { batchSize: 10 });
    await writeProductAttributes(
      db,
      [
        { productId: productRow!.id, attributeId: a2!.id },
        { productId: productRow!.id, attributeId: a2!.id },
      ],
      { batchSize: 10, replaceFor: [productRow!.id] },
    );
    const kept = await db
      .select({ attributeId: productAttributes.attributeId })
      .from(productAttributes)
      .where(eq(productAttributes.productId, productRow!.id));
    expect(kept).toEqual([{ attributeId: a2!.id }]);
  });
});
