/**
 * Integration: the synthetic catalogue generator is deterministic and inserts what it is asked.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { inventories, productInventories, products, providers } from "~/db/schema";
import { priceTaxIn } from "~/pricing/taxes";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { seedReferenceData } from "./reference-data";
import { deleteCatalogue, generateSyntheticCatalogue, type SyntheticResult } from "./synthetic";

const COUNT = 2000;
let a: TestDatabase;
let b: TestDatabase;
let resultA: SyntheticResult;
let resultB: SyntheticResult;
const progress: number[] = [];

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await seedReferenceData(a.db);
  await seedReferenceData(b.db);
  resultA = await generateSyntheticCatalogue(a.db, { products: COUNT, seed: 7, onProgress: (p) => progress.push(p.products) });
  resultB = await generateSyntheticCatalogue(b.db, { products: COUNT, seed: 7, batchSize: 700 });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

function firstRows(db: Database) {
  return db
    .select({
      puid: products.puid,
      slug: products.slug,
      nameFr: products.nameFr,
      nameEn: products.nameEn,
      typeCode: products.typeCode,
      vintage: products.vintage,
      uvc: products.uvc,
      provider: providers.name,
      inventory: productInventories.inventoryCode,
      price: productInventories.priceCents,
      quantity: productInventories.quantity,
    })
    .from(products)
    .innerJoin(providers, eq(providers.id, products.providerId))
    .innerJoin(productInventories, eq(productInventories.productId, products.id))
    .orderBy(asc(products.puid), asc(productInventories.inventoryCode))
    .limit(60);
}

const count = (db: Database, table: typeof products | typeof providers | typeof productInventories) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .then((r) => r[0]!.n);

describe("generateSyntheticCatalogue", () => {
  it("inserts the number of products asked, ~N/50 producers, ~1.5 inventories per product", async () => {
    expect(resultA.products).toBe(COUNT);
    expect(await count(a.db, products)).toBe(COUNT);
    expect(await count(a.db, providers)).toBe(COUNT / 50);
    expect(await count(a.db, productInventories)).toBe(resultA.productInventories);
    const perProduct = resultA.productInventories / COUNT;
    expect(perProduct).toBeGreaterThan(1.35);
    expect(perProduct).toBeLessThan(1.65);
    expect(progress.at(-1)).toBe(COUNT);
    expect(progress.length).toBe(2);
  });

  it("is deterministic: the same seed gives the same rows, whatever the batch size", async () => {
    expect(resultB).toEqual(resultA);
    const rowsA = await firstRows(a.db);
    expect(rowsA.length).toBe(60);
    expect(await firstRows(b.db)).toEqual(rowsA);
  });

  it("numbers the products producer by producer, so a producer's rows are written together", async () => {
    const producerInPuidOrder = (await a.db.select({ providerId: products.providerId }).from(products).orderBy(asc(products.puid))).map(
      (r) => r.providerId,
    );
    const changesOfProducer = producerInPuidOrder.filter((id, i) => i > 0 && id !== producerInPuidOrder[i - 1]).length;
    expect(changesOfProducer).toBe(new Set(producerInPuidOrder).size - 1);
    // The products are still spread over the producers unevenly, as drawn.
    const perProducer = new Map<number, number>();
    for (const id of producerInPuidOrder) perProducer.set(id, (perProducer.get(id) ?? 0) + 1);
    expect(Math.max(...perProducer.values())).toBeGreaterThan(Math.min(...perProducer.values()));
  });

  it("uses every inventory code and prices with priceTaxIn", async () => {
    const rows = await a.db
      .select({
        code: productInventories.inventoryCode,
        price: productInventories.priceCents,
        taxIn: productInventories.priceTaxInCents,
        province: inventories.province,
        zeroRated: products.zeroRated,
      })
      .from(productInventories)
      .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
      .innerJoin(products, eq(products.id, productInventories.productId));
    expect(new Set(rows.map((r) => r.code)).size).toBe(10);
    for (const r of rows) expect(r.taxIn).toBe(priceTaxIn(r.price, r.province, r.zeroRated));
  });

  it("gives different rows for another seed, after deleteCatalogue", async () => {
    const before = await firstRows(b.db);
    expect(await deleteCatalogue(b.db)).toBe(COUNT);
    expect(await count(b.db, products)).toBe(0);
    await generateSyntheticCatalogue(b.db, { products: 100, seed: 8 });
    expect(await count(b.db, products)).toBe(100);
    const after = await firstRows(b.db);
    expect(after.map((r) => r.slug)).not.toEqual(before.slice(0, after.length).map((r) => r.slug));
  });

  it("rejects a non-positive count", async () => {
    await expect(generateSyntheticCatalogue(a.db, { products: 0 })).rejects.toThrow(/positive integer/);
  });
});
