/**
 * Integration: reference data and the demo catalogue seeded into a fresh database
 * (in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 */
import { asc, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attributes,
  countries,
  inventories,
  productAttributes,
  productInventories,
  products,
  productTypes,
  providerOrigins,
  providers,
  regions,
} from "~/db/schema";
import { priceTaxIn } from "~/pricing/taxes";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { seedDemoCatalogue } from "./demo-catalogue";
import { ATTRIBUTES, INVENTORIES, PRODUCT_TYPES, REGIONS, seedReferenceData } from "./reference-data";

let testDb: TestDatabase;
let counts: { providers: number; products: number; productInventories: number };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "none" });
  await seedReferenceData(testDb.db);
  counts = await seedDemoCatalogue(testDb.db);
});
afterAll(() => testDb?.close());

async function tableCounts() {
  const db = testDb.db;
  const n = (t: PgTable) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .then((r) => r[0]!.n);
  return {
    inventories: await n(inventories),
    productTypes: await n(productTypes),
    attributes: await n(attributes),
    countries: await n(countries),
    regions: await n(regions),
    providers: await n(providers),
    providerOrigins: await n(providerOrigins),
    products: await n(products),
    productInventories: await n(productInventories),
    productAttributes: await n(productAttributes),
  };
}

describe("seedReferenceData", () => {
  it("stores every inventory, product type and attribute of the module", async () => {
    const rows = await testDb.db.select().from(inventories).orderBy(asc(inventories.position));
    expect(rows.map((r) => r.code)).toEqual(INVENTORIES.map((i) => i.code));
    const saq = rows.find((r) => r.code === "SAQ")!;
    expect(saq).toMatchObject({ province: "QC", channelKind: "LIQUOR_BOARD", salesUnit: "NONE", purchasable: false, defaultListed: true });
    const storeQc = rows.find((r) => r.code === "STORE_QC")!;
    expect(storeQc).toMatchObject({ province: "QC", channelKind: "SHOP", salesUnit: "UNIT", defaultListed: false, city: "Quebec" });
    const types = await testDb.db.select().from(productTypes);
    expect(types.map((t) => t.code).sort()).toEqual(PRODUCT_TYPES.map((t) => t.code).sort());
    expect(
      types
        .filter((t) => !t.isAlcohol)
        .map((t) => t.code)
        .sort(),
    ).toEqual(["BOISSON", "FOODS", "GOODS"]);
    const attrs = await testDb.db.select().from(attributes);
    expect(attrs).toHaveLength(ATTRIBUTES.length);
    for (const typeCode of ["PRODUCT_COLOR", "PROVIDER", "BLOG_THEME"]) {
      expect(attrs.some((a) => a.typeCode === typeCode)).toBe(true);
    }
    expect(await testDb.db.select().from(regions)).toHaveLength(REGIONS.length);
  });

  it("is idempotent: a second (and third) run changes no row and keeps ids", async () => {
    const before = await tableCounts();
    const attrsBefore = await testDb.db.select().from(attributes).orderBy(asc(attributes.id));
    const regionsBefore = await testDb.db.select().from(regions).orderBy(asc(regions.id));
    await seedReferenceData(testDb.db);
    await seedReferenceData(testDb.db);
    expect(await tableCounts()).toEqual(before);
    expect(await testDb.db.select().from(attributes).orderBy(asc(attributes.id))).toEqual(attrsBefore);
    expect(await testDb.db.select().from(regions).orderBy(asc(regions.id))).toEqual(regionsBefore);
  });
});

describe("seedDemoCatalogue", () => {
  it("reports what it inserted", async () => {
    const c = await tableCounts();
    expect(counts).toEqual({ providers: c.providers, products: c.products, productInventories: c.productInventories });
  });

  it("has ≥ 40 producers in ≥ 8 countries and ≥ 300 products", async () => {
    const c = await tableCounts();
    expect(c.providers).toBeGreaterThanOrEqual(40);
    expect(c.products).toBeGreaterThanOrEqual(300);
    const usedCountries = await testDb.db.selectDistinct({ id: providerOrigins.countryId }).from(providerOrigins);
    expect(usedCountries.length).toBeGreaterThanOrEqual(8);
    const orphans = await testDb.db
      .select({ n: sql<number>`count(*)::int` })
      .from(providers)
      .where(sql`not exists (select 1 from provider_origins o where o.provider_id = ${providers.id})`);
    expect(orphans[0]!.n).toBe(0);
  });

  it("covers every product type, inventory code, both statuses and uvc 6 and 12", async () => {
    const db = testDb.db;
    const types = await db.selectDistinct({ v: products.typeCode }).from(products);
    expect(types.map((r) => r.v).sort()).toEqual(PRODUCT_TYPES.map((t) => t.code).sort());
    const codes = await db.selectDistinct({ v: productInventories.inventoryCode }).from(productInventories);
    expect(codes.map((r) => r.v).sort()).toEqual(INVENTORIES.map((i) => i.code).sort());
    const statuses = await db.selectDistinct({ v: productInventories.availabilityStatus }).from(productInventories);
    expect(statuses.map((r) => r.v).sort()).toEqual(["AVAILABLE", "UPCOMING"]);
    const uvcs = (await db.selectDistinct({ v: products.uvc }).from(products)).map((r) => r.v);
    expect(uvcs).toContain(6);
    expect(uvcs).toContain(12);
    const vintages = await db.selectDistinct({ nv: sql<boolean>`${products.vintage} is null` }).from(products);
    expect(vintages).toHaveLength(2);
    const colours = await db
      .selectDistinct({ code: attributes.code })
      .from(productAttributes)
      .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
      .where(eq(attributes.typeCode, "PRODUCT_COLOR"));
    expect(colours.length).toBeGreaterThanOrEqual(5);
  });

  it("has unique slugs and stores priceTaxIn consistent with priceTaxIn()", async () => {
    const db = testDb.db;
    const slugs = await db.select({ slug: products.slug }).from(products);
    expect(new Set(slugs.map((s) => s.slug)).size).toBe(slugs.length);
    const rows = await db
      .select({
        price: productInventories.priceCents,
        taxIn: productInventories.priceTaxInCents,
        province: inventories.province,
        zeroRated: products.zeroRated,
      })
      .from(productInventories)
      .innerJoin(products, eq(products.id, productInventories.productId))
      .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode));
    expect(rows.length).toBe(counts.productInventories);
    for (const r of rows) expect(r.taxIn).toBe(priceTaxIn(r.price, r.province, r.zeroRated));
    expect(rows.some((r) => r.zeroRated && r.taxIn === r.price)).toBe(true);
  });

  it("is idempotent: running it again keeps the same rows", async () => {
    const before = await tableCounts();
    const again = await seedDemoCatalogue(testDb.db);
    expect(again).toEqual(counts);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses to run without reference data", async () => {
    const empty = await createTestDatabase({ seed: "none" });
    try {
      await expect(seedDemoCatalogue(empty.db)).rejects.toThrow(/seedReferenceData/);
    } finally {
      await empty.close();
    }
  });
});
