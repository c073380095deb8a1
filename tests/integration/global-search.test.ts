/**
 * The global search (docs/product.md#search `/global-search`) through its route loader, on the demo
 * catalogue and articles: full-text search in French and English with accents ignored, ranking
 * (a name or title before a description), the trigram fallback for typos, counts per tab, the
 * province rule, paging and bad input; then on a generated catalogue, the capped counts. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, eq, notExists, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoBlogs } from "~/blogs/seed/seed-demo-blogs.server";
import { generateSyntheticCatalogue } from "~/catalogue/seed/synthetic";
import { inventories, productInventories, products, providers } from "~/db/schema";
import { loader } from "~/routes/global-search";
import { SEARCH_MATCH_LIMIT, SEARCH_PAGE_SIZE, type SearchTab } from "~/search/search-tabs";
import type { Locale, Province } from "~/vocabulary";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  await seedDemoBlogs(testDb.db);
});
afterAll(() => testDb?.close());

type SearchData = Awaited<ReturnType<typeof loader>>;
interface Options {
  tab?: SearchTab;
  page?: number | string;
  locale?: Locale;
  province?: Province;
}

function path(text: string, options: Options = {}): string {
  const params = new URLSearchParams({ t: text });
  if (options.tab) params.set("activeTabType", options.tab);
  if (options.page !== undefined) params.set("activeCurrentPage", String(options.page));
  return `/global-search?${params}`;
}

async function search(text: string, options: Options = {}, db = testDb.db): Promise<SearchData> {
  const preferences = { locale: options.locale ?? "fr-CA", province: options.province ?? "QC" } as const;
  return await loader(await routeArgs(db, path(text, options), { preferences }));
}

/** The names (products, producers) or titles (articles) of one page, in rank order. */
function names(data: SearchData): string[] {
  const { results } = data;
  if (results.tab === "BLOGS") return results.items.map((i) => i.title);
  return results.items.map((i) => i.name);
}

/** Every result of a tab, walking its pages. */
async function allPages(text: string, tab: SearchTab, options: Options = {}, db = testDb.db) {
  const first = await search(text, { ...options, tab }, db);
  const pages = [first];
  for (let page = 2; page <= first.pagination.totalPages; page++) pages.push(await search(text, { ...options, tab, page }, db));
  return pages.flatMap((p) => p.results.items.map((i) => i.slug));
}

describe("French, accents ignored", () => {
  it("'chateau' finds the Château producers, and the products named Château before the producers' others", async () => {
    const producers = await search("chateau", { tab: "PROVIDERS" });
    expect(names(producers)).toEqual(expect.arrayContaining(["Château Le Puy", "Château de Laubade"]));
    expect(producers.counts.PROVIDERS).toMatchObject({ count: producers.results.items.length, approximate: false });

    const found = await search("chateau", { tab: "PRODUCTS" });
    expect(found.results.tab).toBe("PRODUCTS");
    if (found.results.tab !== "PRODUCTS") return;
    const items = found.results.items;
    // Weight A (the product's own name) ranks first; a producer's name alone ranks last.
    expect(items[0]!.name).toBe("Muscadet Château-Thébaud");
    const lastNamed = items.findLastIndex((i) => i.name.includes("Château"));
    const firstByProducer = items.findIndex((i) => !i.name.includes("Château"));
    expect(firstByProducer).toBeGreaterThan(lastNamed);
    expect(items.slice(firstByProducer).every((i) => i.providerName.startsWith("Château"))).toBe(true);
    expect(items.map((i) => i.providerName)).toEqual(expect.arrayContaining(["Château Le Puy", "Château de Laubade"]));
  });

  it("finds the same with or without accents and capitals", async () => {
    const plain = await search("chateau");
    for (const text of ["château", "CHÂTEAU", "Chateau"]) {
      expect((await search(text)).counts).toEqual(plain.counts);
    }
  });

  it("'pepiere' finds Domaine de la Pépière, its wines and its article", async () => {
    const data = await search("pepiere");
    expect(data.tab).toBe("PRODUCTS");
    expect(data.counts.PRODUCTS.approximate).toBe(false);
    expect(data.results.items.length).toBeGreaterThan(3);
    if (data.results.tab === "PRODUCTS") {
      expect(new Set(data.results.items.map((i) => i.providerName))).toEqual(new Set(["Domaine de la Pépière"]));
    }
    expect(names(await search("pepiere", { tab: "PROVIDERS" }))).toEqual(["Domaine de la Pépière"]);
    const articles = await search("pepiere", { tab: "BLOGS" });
    expect(names(articles)[0]).toBe("La Pépière, le Muscadet pris au sérieux");
    expect(articles.results.items[0]!.slug).toBe("muscadet-domaine-de-la-pepiere");
  });

  it("reads the French words of a French title", async () => {
    const data = await search("bande des quatre");
    // Only an article matches, so the page opens on the Blogs tab.
    expect(data.tab).toBe("BLOGS");
    expect(data.counts).toMatchObject({ PRODUCTS: { count: 0 }, PROVIDERS: { count: 0 }, BLOGS: { count: 1 } });
    expect(names(data)).toEqual(["Morgon et la « bande des quatre »"]);
  });
});

describe("English", () => {
  it("searches English texts with English stemming, titles before bodies", async () => {
    const data = await search("cider", { locale: "en-US", tab: "BLOGS" });
    expect(names(data)[0]).toBe("Cider and perry, with Eric Bordelet");
    expect(names(data)).toContain("Quebec wine, a cold-climate vineyard");
    const plural = await search("ciders", { locale: "en-US", tab: "PRODUCTS" });
    expect(plural.counts).toEqual(data.counts);
    const products = names(plural).slice(0, 5);
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((name) => /cider/i.test(name))).toBe(true);
  });

  it("shows English names and titles, and English words find them", async () => {
    const data = await search("gang of four", { locale: "en-US" });
    expect(data.tab).toBe("BLOGS");
    expect(names(data)).toEqual(['Morgon and the "Gang of Four"']);
    expect(data.title).toBe("Search: gang of four");
    const wine = await search("orange wine", { locale: "en-US", tab: "BLOGS" });
    expect(names(wine)[0]).toBe("Orange wine: a white made like a red");
  });
});

describe("typos: the trigram fallback", () => {
  it("'chardonay' finds the Chardonnays, flagged as close matches", async () => {
    const typo = await search("chardonay");
    expect(typo.tab).toBe("PRODUCTS");
    expect(typo.counts.PRODUCTS.approximate).toBe(true);
    expect(typo.counts.PRODUCTS.count).toBeGreaterThan(0);
    expect(names(typo).every((n) => n.includes("Chardonnay"))).toBe(true);
    const exact = await search("chardonnay");
    expect(exact.counts.PRODUCTS.approximate).toBe(false);
    expect(exact.counts.PRODUCTS.count).toBeGreaterThanOrEqual(typo.counts.PRODUCTS.count);
  });

  it("works in English and for producers and titles", async () => {
    const english = await search("chardonay", { locale: "en-US", province: "ON" });
    expect(english.counts.PRODUCTS.approximate).toBe(true);
    expect(names(english)).toContain("County Chardonnay Unfiltered");
    const producer = await search("pepierre", { tab: "PROVIDERS" });
    expect(producer.counts.PROVIDERS.approximate).toBe(true);
    expect(names(producer)).toEqual(["Domaine de la Pépière"]);
    const title = await search("asyrtiko", { tab: "BLOGS" });
    expect(title.counts.BLOGS.approximate).toBe(true);
    expect(names(title)).toEqual(["Santorin et l’assyrtiko"]);
  });

  it("tries no close spellings for a text of fewer than 3 letters", async () => {
    const data = await search("ch");
    for (const tab of ["PRODUCTS", "PROVIDERS", "BLOGS"] as const) {
      expect(data.counts[tab].approximate).toBe(false);
    }
    // 'ch' would be close to many names ('Château', 'Chardonnay'), so the fallback would find some.
    expect(data.counts.PRODUCTS.count).toBe(0);
  });

  it("finds nothing for a text that resembles nothing", async () => {
    const data = await search("zzqxjw");
    expect(data.counts).toEqual({
      PRODUCTS: { count: 0, capped: false, approximate: false },
      PROVIDERS: { count: 0, capped: false, approximate: false },
      BLOGS: { count: 0, capped: false, approximate: false },
    });
    expect(data.tab).toBe("PRODUCTS");
    expect(data.results.items).toEqual([]);
  });
});

describe("counts, tabs and pages", () => {
  it("counts each tab's results exactly, over pages without repeats", async () => {
    const data = await search("vin");
    expect(data.counts.PRODUCTS.count).toBeGreaterThan(2 * SEARCH_PAGE_SIZE);
    for (const tab of ["PRODUCTS", "PROVIDERS", "BLOGS"] as const) {
      const slugs = await allPages("vin", tab);
      expect(slugs).toHaveLength(data.counts[tab].count);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
  });

  it("keeps the tab asked for, even when it is empty", async () => {
    const data = await search("gang of four", { locale: "en-US", tab: "PRODUCTS" });
    expect(data.tab).toBe("PRODUCTS");
    expect(data.results.items).toEqual([]);
    expect(data.counts.BLOGS.count).toBe(1);
  });

  it("pages by 24, and a page beyond the last redirects to the last", async () => {
    const first = await search("vin", { tab: "PRODUCTS" });
    const second = await search("vin", { tab: "PRODUCTS", page: 2 });
    expect(first.results.items).toHaveLength(SEARCH_PAGE_SIZE);
    expect(second.pagination).toMatchObject({ page: 2, hasPrevious: true });
    const onFirst = new Set(first.results.items.map((i) => i.slug));
    expect(second.results.items.some((i) => onFirst.has(i.slug))).toBe(false);

    const last = first.pagination.totalPages;
    const response = await thrownResponse(async () => loader(await routeArgs(testDb.db, path("vin", { page: 999 }))));
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/global-search?t=vin&activeTabType=PRODUCTS&activeCurrentPage=${last}`);
  });

  it("titles the page with the text, in the visitor's language", async () => {
    expect((await search("chateau")).title).toBe("Recherche : chateau");
    expect((await search("chateau", { locale: "en-US" })).title).toBe("Search: chateau");
  });
});

describe("the visitor's province", () => {
  it("lists only the products sold in the province", async () => {
    const quebec = await search("Norman Hardie", { tab: "PRODUCTS", province: "QC" });
    const ontario = await search("Norman Hardie", { tab: "PRODUCTS", province: "ON" });
    expect(names(ontario)).toContain("County Chardonnay Unfiltered");
    expect(names(quebec)).not.toContain("County Chardonnay Unfiltered");
    expect(quebec.counts.PRODUCTS.count).toBeGreaterThan(0);
    expect(quebec.counts.PRODUCTS.count).toBeLessThan(ontario.counts.PRODUCTS.count);

    for (const [data, province] of [
      [quebec, "QC"],
      [ontario, "ON"],
    ] as const) {
      for (const item of data.results.items) {
        const channels = await testDb.db
          .select({ province: inventories.province })
          .from(products)
          .innerJoin(productInventories, eq(productInventories.productId, products.id))
          .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
          .where(eq(products.slug, item.slug));
        expect(channels.map((c) => c.province)).toContain(province);
      }
    }
  });

  it("lists only the producers with a product in the province", async () => {
    // A producer none of whose products is sold in Quebec.
    const [ontarioOnly] = await testDb.db
      .select({ name: providers.name })
      .from(providers)
      .where(
        notExists(
          testDb.db
            .select({ one: sql`1` })
            .from(products)
            .innerJoin(productInventories, eq(productInventories.productId, products.id))
            .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
            .where(and(eq(products.providerId, providers.id), eq(inventories.province, "QC"))),
        ),
      )
      .orderBy(providers.name)
      .limit(1);
    expect(ontarioOnly).toBeDefined();
    const name = ontarioOnly!.name;
    expect(names(await search(name, { tab: "PROVIDERS", province: "ON" }))).toContain(name);
    expect(names(await search(name, { tab: "PROVIDERS", province: "QC" }))).not.toContain(name);
  });
});

describe("bad input", () => {
  it.each([
    ["a 10 kB text", `/global-search?t=${"chateau ".repeat(1300)}`],
    ["control characters", "/global-search?t=vin%00%01rouge"],
    ["full-text operators", `/global-search?t=${encodeURIComponent(`'":*!&|()<>-- or -`)}`],
    ["a lone quote", "/global-search?t=%22"],
    ["stop words only", "/global-search?t=le%20la%20les%20de"],
    ["bad UTF-8", "/global-search?t=%FF%E2%82"],
    ["an emoji", "/global-search?t=%F0%9F%8D%B7"],
    ["an unknown tab and a bad page", "/global-search?t=vin&activeTabType=FOO&activeCurrentPage=abc"],
    ["a negative page", "/global-search?t=vin&activeTabType=BLOGS&activeCurrentPage=-3"],
    ["a huge page", "/global-search?t=vin&activeCurrentPage=99999999999999999999"],
  ])("answers %s with a page, never an error", async (_label, url) => {
    const data = await loader(await routeArgs(testDb.db, url));
    expect(data.pagination.page).toBe(1);
    expect(data.text.length).toBeLessThanOrEqual(100);
  });

  it("shows the prompt, not results, without a text", async () => {
    const data = await loader(await routeArgs(testDb.db, "/global-search?activeCurrentPage=7&activeTabType=BLOGS"));
    expect(data.text).toBe("");
    expect(data.tab).toBe("BLOGS");
    expect(data.results.items).toEqual([]);
    expect(data.title).toBe("Recherche");
  });
});

describe("at scale: a generated catalogue", () => {
  let big: TestDatabase;
  beforeAll(async () => {
    big = await createTestDatabase({ seed: "reference" });
    await generateSyntheticCatalogue(big.db, { products: 3000, seed: 3 });
  });
  afterAll(() => big?.close());

  it("caps a count at 1,000 and keeps 42 pages reachable, without repeats", async () => {
    const data = await search("vin", {}, big.db);
    expect(data.counts.PRODUCTS).toEqual({ count: SEARCH_MATCH_LIMIT, capped: true, approximate: false });
    expect(data.pagination.totalPages).toBe(Math.ceil(SEARCH_MATCH_LIMIT / SEARCH_PAGE_SIZE));
    const last = await search("vin", { tab: "PRODUCTS", page: 42 }, big.db);
    expect(last.results.items).toHaveLength(SEARCH_MATCH_LIMIT - 41 * SEARCH_PAGE_SIZE);
    const second = await search("vin", { tab: "PRODUCTS", page: 2 }, big.db);
    const onFirst = new Set(data.results.items.map((i) => i.slug));
    expect(second.results.items.some((i) => onFirst.has(i.slug))).toBe(false);
    const beyond = await thrownResponse(async () => loader(await routeArgs(big.db, path("vin", { tab: "PRODUCTS", page: 43 }))));
    expect(beyond.location).toBe("/global-search?t=vin&activeTabType=PRODUCTS&activeCurrentPage=42");
  });

  it("still counts a precise text exactly, and finds a typo", async () => {
    const data = await search("chateau", { tab: "PROVIDERS" }, big.db);
    expect(data.counts.PROVIDERS.capped).toBe(false);
    expect(data.counts.PROVIDERS.count).toBeGreaterThan(0);
    expect(names(data).every((n) => n.startsWith("Château"))).toBe(true);
    const typo = await search("chardonay", {}, big.db);
    expect(typo.counts.PRODUCTS.approximate).toBe(true);
    expect(names(typo).every((n) => n.includes("Chardonnay"))).toBe(true);
  });
});
