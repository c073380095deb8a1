/**
 * The product list's search table and materialized facet counts (decision 022): the
 * database's triggers keep both equal to the catalogue through every kind of change, in the
 * change's own transaction, and the product list shows a change as soon as the database's notice
 * of it has emptied the process's cached counts.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearCachesOnCatalogueChanges, clearDatabaseCaches } from "~/cache.server";
import { lockCatalogueWrites } from "~/catalogue/catalogue-write-lock.server";
import { parseProductFilters } from "~/catalogue/product-filters";
import { compactFacetCounts, searchProducts } from "~/catalogue/products.server";
import { getReferenceData } from "~/catalogue/reference.server";
import { seedReferenceData } from "~/catalogue/seed/reference-data";
import { generateSyntheticCatalogue } from "~/catalogue/seed/synthetic";
import { attributes, inventories, productAttributes, productInventories, products, providers } from "~/db/schema";
import type { Locale } from "~/vocabulary";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
});
afterAll(() => testDb?.close());

/** Rows of a raw query, as plain JSON-comparable objects. */
async function rows(query: ReturnType<typeof sql>, db = testDb.db): Promise<unknown[]> {
  const result: unknown = await db.execute(query);
  // PGlite and node-postgres both answer { rows }.
  if (!result || typeof result !== "object" || !("rows" in result) || !Array.isArray(result.rows)) {
    throw new Error("the driver answered without rows");
  }
  return JSON.parse(JSON.stringify(result.rows)) as unknown[];
}

/** The search table as the catalogue says it should be, computed from the source tables. */
const EXPECTED_LISTING = sql`
  select pi.id as product_inventory_id, pi.product_id, pi.inventory_code, i.province, i.default_listed,
    pi.availability_status, pi.price_cents, pi.price_tax_in_cents, pi.quantity, p.type_code, p.provider_id,
    p.country_id, p.region_id,
    (select min(pa.attribute_id) from product_attributes pa join attributes a on a.id = pa.attribute_id
      where pa.product_id = p.id and a.type_code = 'PRODUCT_COLOR') as color_id,
    p.name_fr, p.name_en, p.search_fr::text as search_fr, p.search_en::text as search_en
  from product_inventories pi join products p on p.id = pi.product_id join inventories i on i.code = pi.inventory_code`;

async function expectInSync(): Promise<void> {
  const listing = await rows(sql`
    select product_inventory_id, product_id, inventory_code, province, default_listed, availability_status, price_cents,
      price_tax_in_cents, quantity, type_code, provider_id, country_id, region_id, color_id, name_fr, name_en,
      search_fr::text as search_fr, search_en::text as search_en
    from product_listing order by product_inventory_id`);
  expect(listing).toEqual(await rows(sql`${EXPECTED_LISTING} order by pi.id`));
  const counts = await rows(sql`
    select inventory_code, type_code, country_id, region_id, color_id, product_inventory_count as n
    from product_facet_counts order by 1, 2, 3, 4, 5`);
  expect(counts).toEqual(
    await rows(sql`
      select inventory_code, type_code, country_id, region_id, color_id, count(*)::integer as n
      from (${EXPECTED_LISTING}) expected group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
  );
}

async function someProductInventory() {
  const [row] = await testDb.db
    .select({ id: productInventories.id, productId: productInventories.productId, inventoryCode: productInventories.inventoryCode })
    .from(productInventories)
    .orderBy(productInventories.id)
    .limit(1);
  return row!;
}

describe("the product list's search table and facet counts", () => {
  it("start equal to the catalogue", async () => {
    expect(await rows(sql`select count(*) > 300 as many from product_listing`)).toEqual([{ many: true }]);
    await expectInSync();
  });

  it("follow a stock and price change without writing a facet count (an order never waits on them)", async () => {
    const { db } = testDb;
    const item = await someProductInventory();
    const before = await rows(sql`select xmin::text as version, * from product_facet_counts order by 1`);
    await db
      .update(productInventories)
      .set({ quantity: sql`${productInventories.quantity} + 7`, priceCents: 12_345, priceTaxInCents: 14_194 })
      .where(eq(productInventories.id, item.id));
    await expectInSync();
    expect(await rows(sql`select xmin::text as version, * from product_facet_counts order by 1`)).toEqual(before);
  });

  it("follow a product's new name, type and origin, and a product inventory moved to another channel", async () => {
    const { db } = testDb;
    const item = await someProductInventory();
    const [otherCountry] = await rows(
      sql`select c.id from countries c where c.id is distinct from (select country_id from products where id = ${item.productId}) limit 1`,
    );
    await db
      .update(products)
      .set({
        nameFr: "Zzz renommé",
        nameEn: "Zzz renamed",
        typeCode: "SPIRITUEUX",
        countryId: (otherCountry as { id: number }).id,
        regionId: null,
      })
      .where(eq(products.id, item.productId));
    await expectInSync();
    const [freeCode] = await rows(sql`
      select code from inventories where code not in (select inventory_code from product_inventories where product_id = ${item.productId}) limit 1`);
    await db
      .update(productInventories)
      .set({ inventoryCode: (freeCode as { code: never }).code })
      .where(eq(productInventories.id, item.id));
    await expectInSync();
  });

  it("follow a product's new description (its search vectors) and leave it when nothing the listing copies moved", async () => {
    const { db } = testDb;
    const item = await someProductInventory();
    await db
      .update(products)
      .set({ descriptionFr: "Une cuvée Quintessencia, nouvelle description", descriptionEn: "A Quintessencia cuvée, new description" })
      .where(eq(products.id, item.productId));
    await expectInSync();
    const before = await rows(sql`select xmin::text as version from product_listing where product_id = ${item.productId} order by 1`);
    await db
      .update(products)
      .set({ zeroRated: sql`${products.zeroRated}` })
      .where(eq(products.id, item.productId));
    expect(await rows(sql`select xmin::text as version from product_listing where product_id = ${item.productId} order by 1`)).toEqual(
      before,
    );
  });

  it("follow an inventory leaving and joining its province's default list, and leave it when its settings stay", async () => {
    const { db } = testDb;
    const { inventoryCode } = await someProductInventory();
    const versions = () => rows(sql`select xmin::text as version from product_listing where inventory_code = ${inventoryCode} order by 1`);
    // The reference data's upsert at every start rewrites the inventories with the same settings.
    const before = await versions();
    await db.update(inventories).set({ defaultListed: sql`${inventories.defaultListed}`, position: sql`${inventories.position}` });
    expect(await versions()).toEqual(before);
    await db
      .update(inventories)
      .set({ defaultListed: sql`not ${inventories.defaultListed}` })
      .where(eq(inventories.code, inventoryCode));
    await expectInSync();
    await db
      .update(inventories)
      .set({ defaultListed: sql`not ${inventories.defaultListed}` })
      .where(eq(inventories.code, inventoryCode));
    await expectInSync();
  });

  it("follow colours added, changed and removed", async () => {
    const { db } = testDb;
    const item = await someProductInventory();
    const colors = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.typeCode, "PRODUCT_COLOR"));
    expect(colors.length).toBeGreaterThan(1);
    await db.delete(productAttributes).where(eq(productAttributes.productId, item.productId));
    await expectInSync();
    await db.insert(productAttributes).values({ productId: item.productId, attributeId: colors[0]!.id });
    await expectInSync();
    await db
      .update(productAttributes)
      .set({ attributeId: colors[1]!.id })
      .where(and(eq(productAttributes.productId, item.productId), eq(productAttributes.attributeId, colors[0]!.id)));
    await expectInSync();
  });

  it("follow products and product inventories created in one statement, upserted, and deleted", async () => {
    const { db } = testDb;
    const [template] = await db.select().from(products).limit(1);
    const created = await db
      .insert(products)
      .values(
        [1, 2, 3].map((n) => ({
          puid: `LISTING-${n}`,
          slug: `listing-${n}`,
          nameFr: `Listing ${n}`,
          nameEn: `Listing ${n}`,
          typeCode: template!.typeCode,
          providerId: template!.providerId,
          countryId: template!.countryId,
          regionId: template!.regionId,
        })),
      )
      .returning({ id: products.id });
    const lines = created.map((p, n) => ({
      productId: p.id,
      inventoryCode: "IP" as const,
      puid: `LISTING-${n}-IP`,
      priceCents: 2_000,
      priceTaxInCents: 2_300,
      quantity: 12,
      availabilityStatus: "AVAILABLE" as const,
    }));
    await db.insert(productInventories).values(lines);
    await expectInSync();
    // The import's multi-row upsert: one row changed, one added.
    await db
      .insert(productInventories)
      .values([
        { ...lines[0]!, priceCents: 2_500, priceTaxInCents: 2_875 },
        { ...lines[1]!, inventoryCode: "SAQ", puid: "LISTING-1-SAQ" },
      ])
      .onConflictDoUpdate({
        target: productInventories.puid,
        set: { priceCents: sql`excluded.price_cents`, priceTaxInCents: sql`excluded.price_tax_in_cents` },
      });
    await expectInSync();
    await db.delete(products).where(eq(products.id, created[2]!.id));
    await db.delete(productInventories).where(eq(productInventories.productId, created[1]!.id));
    await expectInSync();
  });

  it("are rewritten compactly after a bulk change, every count kept", async () => {
    const { db } = testDb;
    const file = async () =>
      ((await rows(sql`select pg_relation_filenode('product_facet_counts')::text as file`)) as { file: string }[])[0]!.file;
    // An import's statements each rewrite the counts they touch, in one transaction: no old version can go.
    await db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await tx.execute(sql`update product_facet_counts set product_inventory_count = product_inventory_count`);
    });
    const before = { file: await file(), counts: await rows(sql`select * from product_facet_counts order by 1, 2, 3, 4, 5`) };
    await compactFacetCounts(db);
    // Rewritten into a new file (a plain VACUUM keeps the pages: the live versions are the last
    // ones written). How small it gets depends on the server's oldest snapshot, shared with the
    // other test files on PostgreSQL, so the size is not what this checks.
    expect({ file: await file(), counts: await rows(sql`select * from product_facet_counts order by 1, 2, 3, 4, 5`) }).toEqual({
      file: expect.not.stringMatching(`^${before.file}$`),
      counts: before.counts,
    });
    await expectInSync();
  });
});

// Two transactions at once need two connections: PostgreSQL's pool (PGlite runs them one by one).
describe.runIf(process.env.TEST_DATABASE_URL)("a catalogue change during a checkout (PostgreSQL)", () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("neither deadlocks nor loses the new name: the staff's rename and the checkout's stock update both land", async () => {
    const { db } = testDb;
    const item = await someProductInventory();
    const staff = db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ nameFr: "Renommé pendant un achat", nameEn: "Renamed during a sale" })
        .where(eq(products.id, item.productId));
      await pause(300);
      // The import's order: products first, then their product inventories.
      await tx.update(productInventories).set({ priceCents: 3_000, priceTaxInCents: 3_449 }).where(eq(productInventories.id, item.id));
    });
    await pause(100);
    const checkout = db.transaction(async (tx) => {
      await tx
        .update(productInventories)
        .set({ quantity: sql`${productInventories.quantity} + 1` })
        .where(eq(productInventories.id, item.id));
    });
    await Promise.all([staff, checkout]);
    const listed = await rows(sql`select name_fr, price_cents from product_listing where product_inventory_id = ${item.id}`);
    expect(listed).toEqual([{ name_fr: "Renommé pendant un achat", price_cents: 3_000 }]);
    await expectInSync();
  });

  it("lists a product inventory inserted while its inventory leaves the default list with the new setting", async () => {
    const { db } = testDb;
    const [template] = await db.select().from(productInventories).where(eq(productInventories.inventoryCode, "STORE_MTL")).limit(1);
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.id} not in (select product_id from product_inventories where inventory_code = 'STORE_MTL')`)
      .limit(1);
    const flip = sql`not ${inventories.defaultListed}`;
    // The reference data's change of a setting, as seedReferenceData makes it, held open a while.
    const settings = db.transaction(async (tx) => {
      await lockCatalogueWrites(tx);
      await tx.update(inventories).set({ defaultListed: flip }).where(eq(inventories.code, "STORE_MTL"));
      await pause(300);
    });
    await pause(100);
    // An import's new product inventory in that inventory meanwhile: it waits, then copies the new setting.
    const insert = db.transaction(async (tx) => {
      await lockCatalogueWrites(tx);
      await tx.insert(productInventories).values({ ...template!, id: undefined, productId: product!.id, puid: "LOCKED-STORE_MTL" });
    });
    try {
      await Promise.all([settings, insert]);
      await expectInSync();
    } finally {
      await db.update(inventories).set({ defaultListed: flip }).where(eq(inventories.code, "STORE_MTL"));
      await db.delete(productInventories).where(eq(productInventories.puid, "LOCKED-STORE_MTL"));
    }
    await expectInSync();
  });

  it("makes the reference data wait for a bulk writer only when it changes an inventory's settings", async () => {
    const { db } = testDb;
    const finished: string[] = [];
    // A bulk writer (an import) holding the catalogue's lock for a while.
    const holdLock = () =>
      db.transaction(async (tx) => {
        await lockCatalogueWrites(tx);
        await pause(400);
        finished.push("import");
      });
    // A start-up's upsert that changes nothing does not wait for it.
    const unchanged = holdLock();
    await pause(100);
    await seedReferenceData(db).then(() => finished.push("start-up"));
    await unchanged;
    expect(finished).toEqual(["start-up", "import"]);
    // One that puts a setting back (changed here by hand) waits, then moves the listing rows.
    finished.length = 0;
    await db
      .update(inventories)
      .set({ defaultListed: sql`not ${inventories.defaultListed}` })
      .where(eq(inventories.code, "STORE_MTL"));
    const changing = holdLock();
    await pause(100);
    await seedReferenceData(db).then(() => finished.push("start-up"));
    await changing;
    expect(finished).toEqual(["import", "start-up"]);
    await expectInSync();
  });
});

describe("/products after a catalogue change", () => {
  // Each app process empties its caches (the counts among them) when the database announces a
  // change (decision 026); so does this suite, and each test starts as if the earlier tests'
  // notices had arrived.
  let stopListening: () => Promise<void>;
  beforeAll(async () => {
    stopListening = await clearCachesOnCatalogueChanges(testDb);
  });
  afterAll(() => stopListening?.());
  beforeEach(() => clearDatabaseCaches(testDb.db));

  it("counts the change as soon as the database's notice reaches the process", async () => {
    const { db } = testDb;
    const reference = await getReferenceData(db);
    const options = { province: "QC", taxMode: "IN", locale: "fr-CA" } as const;
    const search = (query: string) =>
      searchProducts(db, reference, parseProductFilters(new URLSearchParams(query), reference.known), options);
    const before = await search("type=VIN");
    const vinCount = (result: typeof before) => result.facets.types.find((f) => f.key === "VIN")?.count ?? 0;
    const [wine] = await db
      .select({ id: productInventories.id })
      .from(productInventories)
      .innerJoin(products, eq(products.id, productInventories.productId))
      .where(
        and(
          eq(products.typeCode, "VIN"),
          eq(productInventories.inventoryCode, "IP"),
          // Its only channel in the Quebec list (a product counts once, whatever its channels: docs/decisions/040).
          sql`not exists (select 1 from product_inventories o where o.product_id = ${products.id} and o.inventory_code in ('STORE_MTL', 'SAQ', 'Brouhh', 'MERCH_MTL'))`,
        ),
      )
      .limit(1);
    // Moved to a channel the Quebec list does not show by default.
    await db.update(productInventories).set({ inventoryCode: "STORE_MTL" }).where(eq(productInventories.id, wine!.id));
    // The page's rows are read anew at once; the counts once the notice has emptied the cache.
    expect((await search("type=VIN")).items.flatMap((i) => i.channels.map((c) => c.productInventoryId))).not.toContain(wine!.id);
    await expect
      .poll(
        async () => {
          const after = await search("type=VIN");
          return { total: after.pagination.total, vin: vinCount(after) };
        },
        { timeout: 5_000 },
      )
      .toEqual({ total: before.pagination.total - 1, vin: vinCount(before) - 1 });
  });

  // The text search reads the listing row's own copy of the product's search vectors and names
  // (migration 0011): a product's new words must find it at once, and its old ones no longer.
  it("finds a product by the new words of its name and description, in each language, and no longer by its old ones", async () => {
    const { db } = testDb;
    const reference = await getReferenceData(db);
    const item = await someProductInventory();
    const search = (query: string, locale: Locale) =>
      searchProducts(db, reference, parseProductFilters(new URLSearchParams(`${query}&inventory=${item.inventoryCode}`), reference.known), {
        province: "QC",
        taxMode: "IN",
        locale,
        pageSize: 1_000,
      });
    const found = async (query: string, locale: Locale) =>
      (await search(query, locale)).items.some((i) => i.channels.some((c) => c.productInventoryId === item.id));

    await db
      .update(products)
      .set({
        nameFr: "Château Zorglubien",
        nameEn: "Zorglubien Estate",
        descriptionFr: "Notes de mirabelle grillée",
        descriptionEn: "Notes of toasted greengage",
      })
      .where(eq(products.id, item.productId));
    // Full text on the name and on the description, and a part of the name (trigram, accents ignored).
    expect(await found("t=zorglubien", "fr-CA")).toBe(true);
    expect(await found("t=mirabelle", "fr-CA")).toBe(true);
    expect(await found("t=greengage", "en-US")).toBe(true);
    expect(await found("t=chateau+zorglub", "fr-CA")).toBe(true);
    expect(await found("t=glubien+est", "en-US")).toBe(true);

    await db
      .update(products)
      .set({ nameFr: "Cuvée Plumeau", nameEn: "Plumeau Cuvée", descriptionFr: "Sans mirabelle", descriptionEn: "" })
      .where(eq(products.id, item.productId));
    expect(await found("t=zorglubien", "fr-CA")).toBe(false);
    expect(await found("t=greengage", "en-US")).toBe(false);
    expect(await found("t=plumeau", "en-US")).toBe(true);
    expect(await found("t=mirabelle", "fr-CA")).toBe(true);
  });

  // The page's items come from one prepared query per language (decision 025): each language's
  // page must get its own names, whichever language was listed first.
  it("lists each language's names, French and English pages alternating", async () => {
    const { db } = testDb;
    const reference = await getReferenceData(db);
    const item = await someProductInventory();
    await db.update(products).set({ nameFr: "Cuvée du Lac", nameEn: "Lake Cuvée" }).where(eq(products.id, item.productId));
    const nameIn = async (locale: Locale) => {
      const list = await searchProducts(
        db,
        reference,
        parseProductFilters(new URLSearchParams(`inventory=${item.inventoryCode}`), reference.known),
        { province: "QC", taxMode: "IN", locale, pageSize: 1_000 },
      );
      return list.items.find((i) => i.channels.some((c) => c.productInventoryId === item.id))?.name;
    };
    expect(await nameIn("fr-CA")).toBe("Cuvée du Lac");
    expect(await nameIn("en-US")).toBe("Lake Cuvée");
    expect(await nameIn("fr-CA")).toBe("Cuvée du Lac");
  });

  // The counts come from the materialized counts without a text, price or producer filter, and from
  // the matching rows with one: both must promise exactly what choosing the value then lists.
  it.each([
    ["facet filters only (materialized counts)", ""],
    ["with a price filter (counted rows)", "max=500"],
  ])("lists exactly as many products as each facet value's count promised: %s", async (_label, extra) => {
    const { db } = testDb;
    const reference = await getReferenceData(db);
    const options = { province: "QC", taxMode: "IN", locale: "fr-CA" } as const;
    // Every product of the list on one page, so the rows listed can be counted.
    const search = (query: string) =>
      searchProducts(db, reference, parseProductFilters(new URLSearchParams(query), reference.known), { ...options, pageSize: 10_000 });
    const base = await search(extra);
    expect(base.items).toHaveLength(base.pagination.total);
    const { facets } = base;
    const choices: [string, number][] = [
      ...facets.types.slice(0, 2).map((f) => [`type=${f.key}`, f.count] as [string, number]),
      ...facets.countries.slice(0, 2).map((f) => [`c=${f.key}`, f.count] as [string, number]),
      ...facets.regions.slice(0, 2).map((f) => [`r=${f.key}`, f.count] as [string, number]),
      ...facets.colors.slice(0, 2).map((f) => [`a=${f.key}`, f.count] as [string, number]),
      ...facets.inventories.slice(0, 2).map((f) => [`inventory=${f.key}`, f.count] as [string, number]),
    ];
    expect(facets.colors.length).toBeGreaterThan(0);
    expect(choices.length).toBe(10);
    for (const [query, count] of choices) {
      const chosen = await search([extra, query].filter(Boolean).join("&"));
      expect({ query, listed: chosen.items.length, total: chosen.pagination.total }).toEqual({ query, listed: count, total: count });
    }
  });
});

describe("the listing's rows on disk", () => {
  let fresh: TestDatabase;
  beforeAll(async () => {
    fresh = await createTestDatabase({ seed: "reference" });
  });
  afterAll(() => fresh?.close());

  // A text search reads each matching row from the table; its matches cluster by producer, so the
  // copy writes a statement's rows producer by producer (migration 0014, decision 022).
  it("are written producer by producer, whatever order one statement gives its product inventories", async () => {
    const { db } = fresh;
    const [first, second] = await db
      .insert(providers)
      .values([
        { slug: "producteur-a", name: "Producteur A" },
        { slug: "producteur-b", name: "Producteur B" },
      ])
      .returning({ id: providers.id });
    const product = (providerId: number, puid: string) => ({
      puid,
      slug: puid.toLowerCase(),
      nameFr: puid,
      nameEn: puid,
      providerId,
      typeCode: "VIN",
    });
    // The second producer's product first, then each product's inventories in turn.
    const [ofSecond, ofFirst] = await db
      .insert(products)
      .values([product(second!.id, "ORDER-B"), product(first!.id, "ORDER-A")])
      .returning({ id: products.id });
    const inventory = (productId: number, inventoryCode: "IP" | "PI", puid: string) =>
      ({ productId, inventoryCode, puid, priceCents: 2000, priceTaxInCents: 2299, availabilityStatus: "AVAILABLE" }) as const;
    await db
      .insert(productInventories)
      .values([
        inventory(ofSecond!.id, "IP", "ORDER-B-IP"),
        inventory(ofFirst!.id, "IP", "ORDER-A-IP"),
        inventory(ofSecond!.id, "PI", "ORDER-B-PI"),
        inventory(ofFirst!.id, "PI", "ORDER-A-PI"),
      ]);
    expect(await rows(sql`select provider_id from product_listing order by ctid`, db)).toEqual(
      [first, first, second, second].map((producer) => ({ provider_id: producer!.id })),
    );
  });

  it("keep a row on its page when its stock changes, so orders do not scatter a producer's rows", async () => {
    const { db } = fresh;
    await generateSyntheticCatalogue(db, { products: 300, seed: 5 });
    const page = sql`(ctid::text::point)[0]::integer`;
    // The first row of each of the first five pages, every one of them full.
    const firstRows = sql`select distinct on (${page}) product_inventory_id as id, ${page} as page from product_listing order by ${page}, ctid limit 5`;
    const before = (await rows(firstRows, db)) as { id: number; page: number }[];
    expect(before.map((r) => r.page)).toEqual([0, 1, 2, 3, 4]);
    for (const { id } of before) {
      await db
        .update(productInventories)
        .set({ quantity: sql`${productInventories.quantity} + 1` })
        .where(eq(productInventories.id, id));
    }
    const ids = before.map((r) => r.id);
    expect(
      await rows(
        sql`select product_inventory_id as id, ${page} as page from product_listing where product_inventory_id in ${ids} order by 2`,
        db,
      ),
    ).toEqual(before);
  });
});
