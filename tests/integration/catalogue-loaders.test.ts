/**
 * The catalogue's loaders against a real database with the demo catalogue:
 * what each page gets for a URL, including malformed queries, clamping and 404s.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDatabaseCaches } from "~/cache.server";
import { productInventories, products as productsTable, providers as providersTable } from "~/db/schema";
import { loader as homeLoader } from "~/routes/home";
import { loader as productLoader } from "~/routes/product";
import { loader as productsLoader } from "~/routes/products";
import { loader as providerLoader } from "~/routes/provider";
import { loader as providersLoader } from "~/routes/providers";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
});
afterAll(() => testDb?.close());

type ProductsData = Awaited<ReturnType<typeof productsLoader>>;
const products = async (query: string, preferences = {}) =>
  await productsLoader(await routeArgs(testDb.db, `/products${query}`, { preferences }));

describe("/products", () => {
  it("lists the Quebec default availability (IP, SAQ, Brouhh, MERCH_MTL) by default", async () => {
    const data = await products("");
    expect(data.pagination.total).toBeGreaterThan(24);
    expect(data.items).toHaveLength(24);
    const codes = new Set(data.facets.inventories.filter((f) => f.count > 0).map((f) => f.value));
    for (const item of data.items)
      for (const channel of item.channels) expect(["IP", "SAQ", "Brouhh", "MERCH_MTL"]).toContain(channel.inventoryCode);
    // One card per product (docs/decisions/040).
    expect(new Set(data.items.map((i) => i.productId)).size).toBe(data.items.length);
    expect(codes.has("PI")).toBe(false);
  });

  it("lists the Ontario default availability (LCBO, PI, MERCH_TORONTO) in Ontario", async () => {
    const data = await products("", { province: "ON" });
    const seen = new Set(data.items.flatMap((i) => i.channels.map((c) => c.inventoryCode)));
    for (const code of seen) expect(["LCBO", "PI", "MERCH_TORONTO"]).toContain(code);
  });

  it("filters by type and country and keeps the other types' counts in the type facet", async () => {
    const data = await products("?type=VIN&c=FR");
    expect(data.items.length).toBeGreaterThan(0);
    for (const item of data.items) {
      expect(item.typeCode).toBe("VIN");
      expect(item.countryCode).toBe("FR");
    }
    const types = data.facets.types.filter((f) => f.count > 0).map((f) => f.value);
    expect(types).toContain("VIN");
    expect(types.length).toBeGreaterThan(1);
    expect(data.facets.types.find((f) => f.value === "VIN")?.checked).toBe(true);
  });

  it("counts each facet without its own filter, in products: the chosen values' counts equal the total", async () => {
    const data = await products("?type=VIN&c=FR");
    expect(data.facets.types.find((f) => f.value === "VIN")?.count).toBe(data.pagination.total);
    expect(data.facets.countries.find((f) => f.value === "FR")?.count).toBe(data.pagination.total);
    const byChannel = data.facets.inventories.reduce(
      (sum, f) => sum + (["IP", "SAQ", "Brouhh", "MERCH_MTL"].includes(f.value) ? f.count : 0),
      0,
    );
    // A product sold through two channels counts under each channel, once in the total.
    expect(byChannel).toBeGreaterThanOrEqual(data.pagination.total);
    for (const f of data.facets.inventories) expect(f.count).toBeLessThanOrEqual(data.pagination.total);
    const french = await products("?c=FR");
    const frenchTypes = french.facets.types.reduce((sum, f) => sum + f.count, 0);
    expect(frenchTypes).toBe(french.pagination.total);
  });

  it("keeps a checked value listed with 0 when other filters leave it no product", async () => {
    const data = await products("?inventory=STORE_QC&t=zzzzzz");
    expect(data.facets.inventories.find((f) => f.value === "STORE_QC")).toMatchObject({ count: 0, checked: true });
  });

  it("applies the price filter only when a maximum is set, on the tax-inclusive price in IN mode", async () => {
    const all = await products("");
    const minOnly = await products("?min=40");
    expect(minOnly.pagination.total).toBe(all.pagination.total);

    const taxIn = await products("?max=30&sort=price-desc", { taxMode: "IN" });
    const taxOut = await products("?max=30&sort=price-desc", { taxMode: "OUT" });
    expect(Math.min(...taxIn.items[0]!.channels.map((c) => c.priceTaxInCents))).toBeLessThanOrEqual(3000);
    expect(Math.min(...taxOut.items[0]!.channels.map((c) => c.priceCents))).toBeLessThanOrEqual(3000);
    // Tax-inclusive prices are higher, so fewer products cost at most $30 with taxes.
    expect(taxIn.pagination.total).toBeLessThan(taxOut.pagination.total);
  });

  it("sorts by price descending (docs/product.md#boutiques: boutique price sort), ascending, and by stock", async () => {
    // A product stands where its first channel in the order stands: its dearest for price-desc,
    // its cheapest for price-asc, its largest stock for qty-desc (docs/decisions/040).
    type Key = "priceTaxInCents" | "priceCents" | "quantity";
    const prices = (data: ProductsData, key: Key, pick: (values: number[]) => number) =>
      data.items.map((i) => pick(i.channels.map((c) => c[key])));
    // A boutique's view is by price descending by default (decision 051).
    const named = await products("?inventory=MERCH_MTL");
    for (const item of named.items) expect(item.channels[0]!.inventoryCode).toBe("MERCH_MTL");
    const desc = named.items.map((i) => i.channels[0]!.priceTaxInCents);
    expect(desc.length).toBeGreaterThan(2);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const asc = prices(await products("?sort=price-asc", { taxMode: "OUT" }), "priceCents", (v) => Math.min(...v));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const stock = prices(await products("?sort=qty-desc"), "quantity", (v) => Math.max(...v));
    expect(stock).toEqual([...stock].sort((a, b) => b - a));
  });

  it("lists the inventories a URL names in both provinces, all counted and in one order", async () => {
    const both = await products("?inventory=IP&inventory=PI&sort=price-asc", { taxMode: "OUT" });
    const quebec = await products("?inventory=IP");
    const ontario = await products("?inventory=PI");
    expect(ontario.pagination.total).toBeGreaterThan(0);
    // A product in both counts once.
    expect(both.pagination.total).toBeLessThanOrEqual(quebec.pagination.total + ontario.pagination.total);
    expect(both.pagination.total).toBeGreaterThanOrEqual(Math.max(quebec.pagination.total, ontario.pagination.total));
    const named = (item: ProductsData["items"][number]) =>
      item.channels.filter((c) => c.inventoryCode === "IP" || c.inventoryCode === "PI");
    const prices = both.items.map((i) => Math.min(...named(i).map((c) => c.priceCents)));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const item of both.items) expect(["IP", "PI"]).toContain(item.channels[0]!.inventoryCode);
  });

  it("shows a field error for a non-numeric price and ignores it", async () => {
    const data = await products("?max=abc");
    expect(data.priceErrors.max).toBe("filters.priceNumeric");
    expect(data.filters.maxCents).toBeNull();
  });

  it("redirects a page beyond the last one to the last page", async () => {
    const response = await thrownResponse(async () => products("?type=FOODS&page=999"));
    expect(response.status).toBe(302);
    expect(response.location).toMatch(/^\/products\?type=FOODS(&page=\d+)?$/);
  });

  it("ignores malformed query values instead of failing", async () => {
    const data = await products("?page=abc&r=loire&a=red&c=France&type=XYZ&inventory=NOPE&sort=up");
    expect(data.pagination.page).toBe(1);
    expect(data.filterCount).toBe(0);
  });

  it("finds a product by its accent-free name and says when nothing matches", async () => {
    const found = await products("?t=pepiere&inventory=IP");
    expect(found.items.some((i) => i.providerName === "Domaine de la Pépière")).toBe(true);
    const none = await products("?t=zzzzzzzz");
    expect(none.items).toEqual([]);
    expect(none.pagination).toMatchObject({ total: 0, totalPages: 1, hasNext: false });
  });
});

describe("/products/{slug}", () => {
  it("shows the province's channels and highlights the one asked for", async () => {
    const list = await products("?inventory=IP");
    const item = list.items[0]!;
    const channel = item.channels[0]!;
    const data = await productLoader(
      await routeArgs(testDb.db, `/products/${item.slug}?id=${channel.productInventoryId}`, { params: { slug: item.slug } }),
    );
    expect(data.selectedId).toBe(channel.productInventoryId);
    expect(data.here.every((c) => c.province === "QC")).toBe(true);
    expect(data.elsewhere.every((c) => c.province === "ON")).toBe(true);
  });

  it("answers 404 for an unknown slug, and for one no product could have", async () => {
    for (const slug of ["nope", "x\u0000y", "Robert'); drop table products;--"]) {
      const response = await thrownResponse(async () =>
        productLoader(await routeArgs(testDb.db, `/products/${encodeURIComponent(slug)}`, { params: { slug } })),
      );
      expect(response.status).toBe(404);
    }
  });

  it("searches text with control characters instead of failing", async () => {
    const data = await products("?t=pepi%00ere");
    expect(data.filters.text).toBe("pepi ere");
  });
});

const providers = async (query: string, preferences = {}) =>
  await providersLoader(await routeArgs(testDb.db, `/providers${query}`, { preferences }));

describe("/providers", () => {
  it("groups producers by country in order, 20 per page by default, with a tree rooted at 'All' (id 0)", async () => {
    const data = await providers("");
    const count = data.groups.reduce((n, g) => n + g.providers.length, 0);
    expect(count).toBe(20);
    const names = data.groups.map((g) => g.countryName);
    expect([...names].sort((a, b) => a.localeCompare(b, "fr-CA"))).toEqual(names);
    expect(data.tree.id).toBe(0);
    expect(data.tree.children.every((c) => c.id > 10000)).toBe(true);
  });

  it("orders each language by its own country names, the other language's list asked first", async () => {
    const french = await providers("", { locale: "fr-CA" });
    const english = await providers("", { locale: "en-US" });
    for (const [data, locale] of [
      [french, "fr-CA"],
      [english, "en-US"],
    ] as const) {
      const names = data.groups.map((g) => g.countryName);
      expect([...names].sort((a, b) => a.localeCompare(b, locale, { sensitivity: "base" }))).toEqual(names);
    }
    // Germany's producers come first in French (Allemagne), Austria's in English.
    expect(french.groups[0]!.countryName).toBe("Allemagne");
    expect(english.groups[0]!.countryName).toBe("Austria");
  });

  it("lists a producer without a known origin after every country, and no longer once it is gone", async () => {
    const { db } = testDb;
    const [template] = await db.select().from(productsTable).limit(1);
    const [inventory] = await db.select().from(productInventories).where(eq(productInventories.productId, template!.id)).limit(1);
    const [provider] = await db.insert(providersTable).values({ slug: "aaa-sans-origine", name: "AAA Sans Origine" }).returning();
    const [product] = await db
      .insert(productsTable)
      .values({ ...template!, id: undefined, puid: "NO-ORIGIN-1", slug: "aaa-sans-origine-cuvee", providerId: provider!.id })
      .returning();
    await db.insert(productInventories).values({ ...inventory!, id: undefined, puid: "NO-ORIGIN-1-IP", productId: product!.id });
    try {
      clearDatabaseCaches(db);
      const first = await providers("");
      const last = await providers(`?page=${first.pagination.totalPages}`);
      expect(first.groups.flatMap((g) => g.providers).map((p) => p.name)).not.toContain("AAA Sans Origine");
      expect(last.groups.at(-1)).toMatchObject({ countryCode: "", providers: [expect.objectContaining({ name: "AAA Sans Origine" })] });
    } finally {
      await db.delete(productInventories).where(eq(productInventories.productId, product!.id));
      await db.delete(productsTable).where(eq(productsTable.id, product!.id));
      await db.delete(providersTable).where(eq(providersTable.id, provider!.id));
      clearDatabaseCaches(db);
    }
  });

  it("filters by country and by numeric region ids, ignoring non-numeric ones", async () => {
    const france = await providers("?c=FR&size=52");
    expect(france.groups.map((g) => g.countryCode)).toEqual(["FR"]);
    const loire = france.tree.children.find((c) => c.value === "FR")!.children.find((r) => r.label === "Loire")!;
    const byRegion = await providers(`?r=${loire.value}&r=loire`);
    const listed = byRegion.groups.flatMap((g) => g.providers);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((p) => p.origins.some((o) => o.regionName === "Loire"))).toBe(true);
    expect(byRegion.filterCount).toBe(1);
  });

  it("finds producers by name without accents, and by a characteristic of their products", async () => {
    const byName = await providers("?t=PEPIERE");
    expect(byName.groups.flatMap((g) => g.providers.map((p) => p.name))).toEqual(["Domaine de la Pépière"]);
    const organicId = byName.attributes.find((a) => a.name === "Biologique")?.id;
    expect(organicId).toBeDefined();
    const organic = await providers(`?a=${organicId}&size=52`);
    const all = await providers("?size=52");
    expect(organic.pagination.total).toBeGreaterThan(0);
    expect(organic.pagination.total).toBeLessThan(all.pagination.total);
    expect(organic.filterCount).toBe(1);
  });

  it("clamps a page beyond the total to the last page", async () => {
    const response = await thrownResponse(() => providers("?page=500"));
    expect(response.location).toMatch(/^\/providers\?page=\d$/);
  });

  it("loads each producer's products for the list view only", async () => {
    const tiles = await providers("");
    expect(tiles.groups[0]!.providers[0]!.products).toEqual([]);
    const list = await providers("", { view: "list" });
    expect(list.groups.flatMap((g) => g.providers).some((p) => p.products.length > 0)).toBe(true);
  });
});

describe("/providers/{slug}", () => {
  it("shows at most 51 of the producer's products in the province", async () => {
    const data = await providerLoader(
      await routeArgs(testDb.db, "/providers/domaine-de-la-pepiere", { params: { slug: "domaine-de-la-pepiere" } }),
    );
    expect(data.provider.name).toBe("Domaine de la Pépière");
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items.length).toBeLessThanOrEqual(51);
    expect(data.items.every((i) => i.providerName === "Domaine de la Pépière")).toBe(true);
  });

  it("answers 404 for an unknown producer", async () => {
    const response = await thrownResponse(async () =>
      providerLoader(await routeArgs(testDb.db, "/providers/nope", { params: { slug: "nope" } })),
    );
    expect(response.status).toBe(404);
  });
});

describe("home", () => {
  it("serves /qc and /on, and answers 404 for another first segment", async () => {
    const home = await homeLoader(await routeArgs(testDb.db, "/on", { params: { region: "on" }, preferences: { province: "ON" } }));
    expect(home.province).toBe("ON");
    const response = await thrownResponse(async () => homeLoader(await routeArgs(testDb.db, "/bc", { params: { region: "bc" } })));
    expect(response.status).toBe(404);
  });
});

describe("tidy URLs", () => {
  it("redirects a filter form's empty and default fields to the short URL", async () => {
    const response = await thrownResponse(() => products("?t=&min=&max=40&sort=relevance&type=VIN"));
    expect(response).toEqual({ status: 302, location: "/products?max=40&type=VIN" });
    const providersResponse = await thrownResponse(() => providers("?t=&c=FR"));
    expect(providersResponse).toEqual({ status: 302, location: "/providers?c=FR" });
  });
});
