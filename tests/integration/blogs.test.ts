/**
 * The blog against a database with the demo catalogue and articles: the list's
 * filters, order and paging, an article by id and by slug, 404s, the cover image, and the related
 * articles of product and producer pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BLOGS } from "~/blogs/seed/demo-blogs";
import { seedDemoBlogs } from "~/blogs/seed/seed-demo-blogs.server";
import { blogs } from "~/db/schema";
import { loader as blogLoader } from "~/routes/blog";
import { loader as blogsLoader } from "~/routes/blogs";
import { loader as imageLoader } from "~/routes/images.blogs";
import { loader as productLoader } from "~/routes/product";
import { loader as providerLoader } from "~/routes/provider";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  await seedDemoBlogs(testDb.db);
});
afterAll(() => testDb?.close());

const list = async (query: string, locale: "fr-CA" | "en-US" = "fr-CA") =>
  await blogsLoader(await routeArgs(testDb.db, `/blogs${query}`, { preferences: { locale } }));
const article = async (id: string, locale: "fr-CA" | "en-US" = "fr-CA") =>
  await blogLoader(await routeArgs(testDb.db, `/blogs/${id}`, { params: { id }, preferences: { locale } }));

describe("the demo articles", () => {
  it("are at least 12, each with a French and an English title and body, linked to real products", async () => {
    expect(DEMO_BLOGS.length).toBeGreaterThanOrEqual(12);
    const rows = await testDb.db.select().from(blogs);
    expect(rows).toHaveLength(DEMO_BLOGS.length);
    for (const row of rows) {
      expect(row.titleFr).not.toBe(row.titleEn);
      expect(row.bodyFr.length).toBeGreaterThan(500);
      expect(row.bodyEn.length).toBeGreaterThan(500);
    }
    for (const b of DEMO_BLOGS) {
      const detail = await article(b.slug);
      expect(detail.blog.products.map((p) => p.slug).sort()).toEqual([...b.products].sort());
      expect(detail.blog.providers).toHaveLength(b.providers.length);
    }
  });

  it("seed again without duplicating anything", async () => {
    await seedDemoBlogs(testDb.db);
    expect(await testDb.db.select().from(blogs)).toHaveLength(DEMO_BLOGS.length);
    expect((await article("santorini-assyrtiko")).blog.themes.map((t) => t.code)).toEqual(["food-pairing", "travel"]);
  });
});

describe("/blogs", () => {
  it("lists every article, newest first, 9 a page, with a localized title and description", async () => {
    const data = await list("");
    expect(data.pagination).toMatchObject({ page: 1, total: DEMO_BLOGS.length, totalPages: 2 });
    expect(data.items).toHaveLength(9);
    const dates = data.items.map((i) => i.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(data.title).toBe("Blogue");
    expect(data.description).toMatch(/vin nature/);
    expect((await list("", "en-US")).title).toBe("Blog");
  });

  it("sorts oldest first with sortByDate=ASC", async () => {
    const asc = await list("?sortByDate=ASC");
    const dates = asc.items.map((i) => i.publishedAt);
    expect(dates).toEqual([...dates].sort());
    expect(asc.items[0]!.slug).toBe("eric-bordelet-cider-perry");
    expect((await list("?sortByDate=DESC")).items[0]!.slug).toBe("muscadet-domaine-de-la-pepiere");
  });

  it("filters by type, and by defaultType when there is no type", async () => {
    const regions = await list("?type=REGION");
    const expected = DEMO_BLOGS.filter((b) => b.type === "REGION").length;
    expect(regions.pagination.total).toBe(expected);
    for (const item of regions.items) expect(item.type).toBe("REGION");
    expect((await list("?defaultType=REGION")).pagination.total).toBe(expected);
    expect((await list("?defaultType=REGION&type=ARTICLE")).items.every((i) => i.type === "ARTICLE")).toBe(true);
  });

  it("filters by theme (any of the themes chosen), with localized theme names", async () => {
    const events = await list("?a=events", "en-US");
    expect(events.items.map((i) => i.slug).sort()).toEqual(
      DEMO_BLOGS.filter((b) => b.themes.includes("events"))
        .map((b) => b.slug)
        .sort(),
    );
    for (const item of events.items) expect(item.themes.map((t) => t.name)).toContain("Events");
    const either = await list("?a=events&a=travel");
    expect(either.pagination.total).toBe(DEMO_BLOGS.filter((b) => b.themes.some((t) => t === "events" || t === "travel")).length);
    const both = await list("?type=PRODUCER_PORTRAIT&a=events");
    expect(both.items.map((i) => i.slug)).toEqual(["grower-champagne-larmandier-bernier"]);
    expect(both.filters).toMatchObject({ type: "PRODUCER_PORTRAIT", themes: ["events"] });
  });

  it("ignores unknown themes and junk instead of failing", async () => {
    const data = await list("?a=unknown&type=NOPE&page=abc&sortByDate=sideways");
    expect(data.pagination.total).toBe(DEMO_BLOGS.length);
    expect(data.filters).toEqual({ page: 1, type: null, themes: [], sort: "DESC" });
  });

  it("returns an empty page (no records) when nothing matches", async () => {
    const data = await list("?type=ARTICLE&a=travel");
    expect(data.items).toEqual([]);
    expect(data.pagination.total).toBe(0);
  });

  it("shows page 2 and clamps a page beyond the last to the last, keeping the filters", async () => {
    const second = await list("?page=2");
    expect(second.items).toHaveLength(DEMO_BLOGS.length - 9);
    expect(await thrownResponse(() => list("?page=99&sortByDate=ASC"))).toEqual({
      status: 302,
      location: "/blogs?sortByDate=ASC&page=2",
    });
    expect(await thrownResponse(() => list("?type=REGION&page=3"))).toEqual({ status: 302, location: "/blogs?type=REGION" });
  });
});

describe("/blogs/{id}", () => {
  it("shows an article by slug and by id, the body rendered and sanitized, in the visitor's language", async () => {
    const bySlug = await article("jura-savagnin-vin-jaune");
    expect(bySlug.blog.title).toBe("Le Jura, du savagnin au vin jaune");
    expect(bySlug.blog.bodyHtml).toContain("<h2>Le vin jaune</h2>");
    expect(bySlug.blog.bodyHtml).toContain("<strong>Savagnin</strong>");
    expect(bySlug.blog.themes.map((t) => t.name)).toEqual(["Accords mets et vins", "Voyages"]);
    expect(bySlug.blog.providers).toEqual([{ slug: "domaine-tissot", name: "Domaine Tissot" }]);
    const byId = await article(String(bySlug.blog.id), "en-US");
    expect(byId.blog.slug).toBe("jura-savagnin-vin-jaune");
    expect(byId.blog.title).toBe("The Jura, from savagnin to vin jaune");
  });

  it("answers 404 for an unknown id or slug, and for junk", async () => {
    for (const id of ["999999", "no-such-article", "<script>", "0", "Santorini-Assyrtiko"]) {
      expect((await thrownResponse(() => article(id))).status).toBe(404);
    }
  });
});

describe("/images/blogs/{file}", () => {
  it("serves a cacheable SVG for a cover it makes, 404 otherwise", async () => {
    const response = imageLoader({ params: { file: "hills--3d5a40.svg" } } as never);
    expect(response.headers.get("Content-Type")).toMatch(/image\/svg\+xml/);
    expect(response.headers.get("Cache-Control")).toMatch(/public, max-age=\d+/);
    expect(await response.text()).toContain("#3d5a40");
    expect((await thrownResponse(async () => imageLoader({ params: { file: "x.svg" } } as never))).status).toBe(404);
  });
});

describe("related articles", () => {
  it("the product page lists the articles that link the product", async () => {
    const slug = "domaine-sigalas-santorini-assyrtiko-2023";
    const data = await productLoader(await routeArgs(testDb.db, `/products/${slug}`, { params: { slug } }));
    expect(data.blogs.map((b) => b.slug)).toEqual(["santorini-assyrtiko"]);
    expect(data.blogs[0]!.title).toBe("Santorin et l’assyrtiko");
  });

  it("a product without articles lists none", async () => {
    const slug = "domaine-sigalas-santorini-assyrtiko-2022";
    const data = await productLoader(await routeArgs(testDb.db, `/products/${slug}`, { params: { slug } }));
    expect(data.blogs).toEqual([]);
  });

  it("the producer page lists its articles, newest first", async () => {
    const slug = "marcel-lapierre";
    const data = await providerLoader(
      await routeArgs(testDb.db, `/providers/${slug}`, { params: { slug }, preferences: { locale: "en-US" } }),
    );
    expect(data.blogs.map((b) => b.title)).toEqual(['Morgon and the "Gang of Four"']);
  });
});
