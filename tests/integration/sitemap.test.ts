/**
 * The sitemaps and robots.txt against the demo catalogue and articles, then with
 * enough products for a second products file: every product, producer and article is listed in
 * French and in English with its alternates, exactly once, and each file stays under the
 * protocol's 50,000 URLs.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoBlogs } from "~/blogs/seed/seed-demo-blogs.server";
import { blogs, products, providers } from "~/db/schema";
import { loader as robotsLoader } from "~/routes/robots";
import { loader as indexLoader } from "~/routes/sitemap";
import { loader as fileLoader } from "~/routes/sitemap.file";
import { SITEMAP_PAGE_SIZE } from "~/seo/sitemap.server";
import { BASE_URL, routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  await seedDemoBlogs(testDb.db);
});
afterAll(() => testDb?.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

async function sitemapIndex(): Promise<{ response: Response; files: string[] }> {
  const response = await indexLoader(await routeArgs(testDb.db, "/sitemap.xml"));
  return { response, files: locs(await response.clone().text()) };
}

async function sitemapFile(url: string): Promise<{ response: Response; xml: string }> {
  const path = new URL(url).pathname;
  const file = path.replace("/sitemap/", "");
  const response = await fileLoader(await routeArgs(testDb.db, path, { params: { file } }));
  return { response, xml: await response.clone().text() };
}

/** Every `<loc>` of every file of the index. */
async function allUrls(): Promise<string[]> {
  const { files } = await sitemapIndex();
  const urls: string[] = [];
  for (const file of files) urls.push(...locs((await sitemapFile(file)).xml));
  return urls;
}

describe("/sitemap.xml", () => {
  it("is a sitemap index of the pages file and the numbered files, absolute on the shop's origin, cacheable", async () => {
    const { response, files } = await sitemapIndex();
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await response.text()).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(files).toEqual([
      `${BASE_URL}/sitemap/pages.xml`,
      `${BASE_URL}/sitemap/products-1.xml`,
      `${BASE_URL}/sitemap/providers-1.xml`,
      `${BASE_URL}/sitemap/blogs-1.xml`,
    ]);
  });

  it("lists every product, producer and article, in French and in English", async () => {
    const urls = new Set(await allUrls());
    const productRows = await testDb.db.select({ slug: products.slug }).from(products);
    const providerRows = await testDb.db.select({ slug: providers.slug }).from(providers);
    const blogRows = await testDb.db.select({ slug: blogs.slug }).from(blogs);
    expect(productRows.length).toBeGreaterThan(10);
    for (const { slug } of productRows) {
      expect(urls).toContain(`${BASE_URL}/products/${slug}`);
      expect(urls).toContain(`${BASE_URL}/products/${slug}?lng=en-US`);
    }
    for (const { slug } of providerRows) expect(urls).toContain(`${BASE_URL}/providers/${slug}?lng=en-US`);
    for (const { slug } of blogRows) expect(urls).toContain(`${BASE_URL}/blogs/${slug}`);
    for (const path of [
      "/",
      "/on",
      "/products",
      "/providers",
      "/blogs",
      "/faq",
      "/about-us",
      "/boutiques/montreal",
      "/membres",
      "/contact",
    ]) {
      expect(urls).toContain(`${BASE_URL}${path}`);
      expect(urls).toContain(`${BASE_URL}${path}?lng=en-US`);
    }
    expect([...urls].some((u) => /\/(account|checkout|shopping-cart|login)/.test(u))).toBe(false);
  });

  it("gives each URL its fr-CA, en-CA and x-default alternates, and an article its date", async () => {
    const { xml } = await sitemapFile(`${BASE_URL}/sitemap/blogs-1.xml`);
    const [slug] = (await testDb.db.select({ slug: blogs.slug }).from(blogs).limit(1)).map((r) => r.slug);
    const entries = xml.split("</url>").filter((e) => e.includes(`/blogs/${slug}<`) || e.includes(`/blogs/${slug}?`));
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="fr-CA" href="${BASE_URL}/blogs/${slug}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en-CA" href="${BASE_URL}/blogs/${slug}?lng=en-US"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE_URL}/blogs/${slug}"/>`);
      expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    }
    expect(xml).toMatch(/xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml"/);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("answers 404 for an unknown file or a page past the last", async () => {
    for (const file of ["products-2.xml", "products-0.xml", "orders-1.xml", "pages", "../robots.txt"]) {
      const response = await thrownResponse(async () => fileLoader(await routeArgs(testDb.db, `/sitemap/${file}`, { params: { file } })));
      expect(response.status).toBe(404);
    }
  });

  it(`splits the products into files of ${SITEMAP_PAGE_SIZE}, each product exactly once`, async () => {
    // Enough products for a second file (and several database batches in each).
    await testDb.db.execute(sql`
      insert into products (puid, slug, name_fr, name_en, type_code, provider_id)
      select 'SITEMAP-' || g, 'sitemap-test-' || g, 'Vin ' || g, 'Wine ' || g,
             (select code from product_types order by code limit 1), (select min(id) from providers)
      from generate_series(1, ${SITEMAP_PAGE_SIZE}) as g`);
    const { files } = await sitemapIndex();
    expect(files).toContain(`${BASE_URL}/sitemap/products-2.xml`);
    expect(files).not.toContain(`${BASE_URL}/sitemap/products-3.xml`);
    const first = locs((await sitemapFile(`${BASE_URL}/sitemap/products-1.xml`)).xml);
    const second = locs((await sitemapFile(`${BASE_URL}/sitemap/products-2.xml`)).xml);
    expect(first).toHaveLength(2 * SITEMAP_PAGE_SIZE);
    const productUrls = [...first, ...second].filter((u) => !u.endsWith("lng=en-US"));
    const [{ n }] = (await testDb.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    expect(productUrls).toHaveLength(n);
    expect(new Set(productUrls).size).toBe(n);
    expect(productUrls).toContain(`${BASE_URL}/products/sitemap-test-${SITEMAP_PAGE_SIZE}`);
  });
});

describe("/robots.txt", () => {
  it("allows the shop, keeps crawlers out of personal pages and names the sitemap", async () => {
    const response = robotsLoader(await routeArgs(testDb.db, "/robots.txt"));
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const lines = (await response.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of [
      "/account",
      "/checkout",
      "/shopping-cart",
      "/login",
      "/register",
      "/forgot-password",
      "/reset-password",
      "/global-search",
      "/listing",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /products");
    // The staff area answers 404 to everyone else: robots.txt must not name it either.
    expect(lines.some((line) => line.includes("/agence"))).toBe(false);
    expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  });
});
