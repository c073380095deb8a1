/**
 * One card per wine (docs/decisions/040), on the demo catalogue: a product sold through three
 * channels of the Quebec list is listed once and counted once — in the total, in the facets and on
 * every list (/products, a producer's page) — with its three channels inside its card.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDatabaseCaches } from "~/cache.server";
import { moreFromProducer } from "~/catalogue/more-from-producer.server";
import { parseProductFilters } from "~/catalogue/product-filters";
import { type ListedProduct, searchProducts } from "~/catalogue/products.server";
import { defaultInventoryCodes, getReferenceData } from "~/catalogue/reference.server";
import { loader as providerLoader } from "~/routes/provider";
import { routeArgs } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
/** A product with three channels or more in Quebec's default list, its producer's slug and its type. */
let wine: { productId: number; providerId: number; providerSlug: string; typeCode: string; channels: number };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  const result: unknown = await testDb.db.execute(sql`
    select l.product_id as "productId", l.provider_id as "providerId", p.slug as "providerSlug",
           min(l.type_code) as "typeCode", count(*)::integer as channels
    from product_listing l join providers p on p.id = l.provider_id
    where l.province = 'QC' and l.default_listed
    group by l.product_id, l.provider_id, p.slug
    having count(*) >= 3
    order by count(*) desc, l.product_id
    limit 1`);
  wine = (result as { rows: (typeof wine)[] }).rows[0]!;
  expect(wine, "the demo catalogue has a product in three Quebec channels").toBeDefined();
});
afterAll(() => testDb?.close());

const QC = { province: "QC", taxMode: "IN", locale: "fr-CA" } as const;

/** Every card of a query, all pages, and the first page's result (its total and facets). */
async function everyCard(query: string, options: { providerId?: number } = {}) {
  const reference = await getReferenceData(testDb.db);
  const cards: ListedProduct[] = [];
  let first: Awaited<ReturnType<typeof searchProducts>> | undefined;
  for (let page = 1; ; page++) {
    const filters = parseProductFilters(new URLSearchParams(`${query}&size=96&page=${page}`), reference.known);
    const result = await searchProducts(testDb.db, reference, filters, { ...QC, ...options });
    first ??= result;
    cards.push(...result.items);
    if (!result.pagination.hasNext) return { cards, first };
  }
}

describe("a product sold through three channels", () => {
  it("is one card on /products, holding its channels, and the total counts the cards", async () => {
    clearDatabaseCaches(testDb.db);
    const { cards, first } = await everyCard("");
    expect(cards.filter((c) => c.productId === wine.productId)).toHaveLength(1);
    expect(new Set(cards.map((c) => c.productId)).size).toBe(cards.length);
    // "360 produits" is the number of cards across the pages.
    expect(first.pagination.total).toBe(cards.length);
    const card = cards.find((c) => c.productId === wine.productId)!;
    expect(card.channels).toHaveLength(wine.channels);
    expect(new Set(card.channels.map((c) => c.inventoryCode)).size).toBe(wine.channels);
  });

  it("counts once in its type, country and colour facets, and once under each of its channels", async () => {
    clearDatabaseCaches(testDb.db);
    const { cards, first } = await everyCard("");
    const typeSum = first.facets.types.reduce((n, f) => n + f.count, 0);
    expect(typeSum).toBe(first.pagination.total);
    expect(first.facets.types.find((f) => f.key === wine.typeCode)!.count).toBe(cards.filter((c) => c.typeCode === wine.typeCode).length);
    const withCountry = cards.filter((c) => c.countryCode !== null).length;
    expect(first.facets.countries.reduce((n, f) => n + f.count, 0)).toBe(withCountry);
    // The list's own channels count the cards holding them (the others, such as a store view, count
    // the products their own list would show).
    const listed = defaultInventoryCodes(await getReferenceData(testDb.db), "QC");
    expect(listed.length).toBeGreaterThan(2);
    for (const facet of first.facets.inventories.filter((f) => listed.includes(f.key))) {
      const holding = cards.filter((c) => c.channels.some((ch) => ch.inventoryCode === facet.key)).length;
      expect(facet.count, facet.key).toBe(holding);
    }
  });

  it("is counted once with a filter the listing rows count (a price up to its dearest channel)", async () => {
    clearDatabaseCaches(testDb.db);
    const { cards, first } = await everyCard("max=100000");
    expect(cards.filter((c) => c.productId === wine.productId)).toHaveLength(1);
    expect(first.pagination.total).toBe(cards.length);
    expect(first.facets.types.reduce((n, f) => n + f.count, 0)).toBe(first.pagination.total);
  });

  it("comes first in its card under the channel a URL names, and still once", async () => {
    const reference = await getReferenceData(testDb.db);
    const { cards } = await everyCard("");
    const card = cards.find((c) => c.productId === wine.productId)!;
    const last = card.channels.at(-1)!.inventoryCode;
    const filtered = await everyCard(`inventory=${last}`);
    const again = filtered.cards.filter((c) => c.productId === wine.productId);
    expect(again).toHaveLength(1);
    expect(again[0]!.channels[0]!.inventoryCode).toBe(last);
    expect(again[0]!.channels).toHaveLength(wine.channels);
    expect(filtered.first.pagination.total).toBe(filtered.cards.length);
    expect(reference.inventoryByCode.get(last)).toBeDefined();
  });

  it("is one card on its producer's page, whose count is its cards", async () => {
    const data = await providerLoader(
      await routeArgs(testDb.db, `/providers/${wine.providerSlug}`, { params: { slug: wine.providerSlug } }),
    );
    expect(data.items.filter((i) => i.productId === wine.productId)).toHaveLength(1);
    expect(new Set(data.items.map((i) => i.productId)).size).toBe(data.items.length);
    const { cards, first } = await everyCard("", { providerId: wine.providerId });
    expect(first.pagination.total).toBe(cards.length);
  });
});

describe("Du même producteur (docs/decisions/041)", () => {
  it("lists up to four other products of the producer, each once, with only the channels available in the province", async () => {
    const { cards: all } = await everyCard("", { providerId: wine.providerId });
    const cards = await moreFromProducer(testDb.db, { providerId: wine.providerId, exceptProductId: wine.productId, ...QC });
    expect(cards.length).toBeLessThanOrEqual(4);
    expect(cards.map((c) => c.productId)).not.toContain(wine.productId);
    expect(new Set(cards.map((c) => c.productId)).size).toBe(cards.length);
    // Those the producer's page lists with an available channel (other than the page's product),
    // by name: the first four of them.
    const expected = all
      .filter((c) => c.productId !== wine.productId && c.channels.some((ch) => ch.availabilityStatus === "AVAILABLE"))
      .sort((a, b) => a.name.localeCompare(b.name, "fr") || a.productId - b.productId)
      .slice(0, 4);
    expect(cards.map((c) => c.productId)).toEqual(expected.map((c) => c.productId));
    for (const card of cards) {
      expect(card.channels.length).toBeGreaterThan(0);
      for (const channel of card.channels) expect(channel.availabilityStatus).toBe("AVAILABLE");
    }
  });

  it("leaves out a product whose channels in the province are all upcoming", async () => {
    const [other] = await moreFromProducer(testDb.db, { providerId: wine.providerId, exceptProductId: wine.productId, ...QC });
    if (!other) return expect.fail("the demo producer has another available product");
    await testDb.db.execute(sql`update product_inventories set availability_status = 'UPCOMING' where product_id = ${other.productId}`);
    try {
      const cards = await moreFromProducer(testDb.db, { providerId: wine.providerId, exceptProductId: wine.productId, ...QC });
      expect(cards.map((c) => c.productId)).not.toContain(other.productId);
    } finally {
      await testDb.db.execute(sql`update product_inventories set availability_status = 'AVAILABLE' where product_id = ${other.productId}`);
    }
  });
});
