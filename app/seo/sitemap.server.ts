/**
 * The sitemaps (sitemaps.org protocol; docs/decisions/016-seo.md): `/sitemap.xml` is
 * a sitemap index naming one file of the shop's own pages (home, lists, content pages, stores,
 * membership pages) and numbered files of products, producers and articles,
 * {@link SITEMAP_PAGE_SIZE} items each. Every item is listed in both languages — the French URL
 * and the English one (`?lng=en-US`) — each with its `xhtml:link` alternates (fr-CA, en-CA,
 * x-default), so a file holds at most 2 × 5,000 URLs, well under the protocol's 50,000. A file is
 * streamed from the database in batches of {@link SITEMAP_BATCH_SIZE} rows (keyset on the id), so
 * the memory stays flat on a 100,000-product catalogue.
 */
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blogs, products, providers } from "~/db/schema";
import { escapeXml } from "~/lib/xml";
import { STORES } from "~/stores/store-directory";
import { CONTENT_PAGE_SLUGS, LOCALES } from "~/vocabulary";
import { DEFAULT_URL_LOCALE, HREFLANG, localizedUrl } from "./page-meta";

/** Items (products, producers, articles) per numbered sitemap file; each gives two URLs. */
export const SITEMAP_PAGE_SIZE = 5_000;

/** Rows read from the database at a time while a file streams. */
const SITEMAP_BATCH_SIZE = 1_000;

/** The numbered sections of the sitemap; `pages` is the one file of the shop's own pages. */
const SITEMAP_SECTIONS = ["products", "providers", "blogs"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** One sitemap file: the shop's own pages, or page `page` (from 1) of a section. */
export type SitemapFile = { section: "pages" } | { section: SitemapSection; page: number };

/** `Cache-Control` of robots.txt and the sitemaps: the same for everyone, fresh enough within the hour. */
export const SEO_FILE_CACHE_CONTROL = "public, max-age=3600";

/** The shop's own pages, by path: the home pages, the lists, the stores, the content and membership pages. */
function staticSitemapPaths(): string[] {
  return [
    "/",
    "/on",
    "/products",
    "/providers",
    "/blogs",
    "/boutiques",
    ...STORES.map((store) => `/boutiques/${store.slug}`),
    ...CONTENT_PAGE_SLUGS.map((slug) => `/${slug}`),
    "/membres",
    "/discovery",
    "/subscriptions",
    "/contact",
  ];
}

/**
 * Reads a sitemap file's name: `pages.xml`, `products-3.xml`, `providers-1.xml`, `blogs-1.xml`.
 * @returns null for any other name (the route answers 404)
 */
export function parseSitemapFile(name: string): SitemapFile | null {
  if (name === "pages.xml") return { section: "pages" };
  const match = /^(products|providers|blogs)-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!match) return null;
  return { section: match[1] as SitemapSection, page: Number(match[2]) };
}

/** The path of a sitemap file: `/sitemap/products-3.xml`. */
function sitemapFilePath(file: SitemapFile): string {
  return file.section === "pages" ? "/sitemap/pages.xml" : `/sitemap/${file.section}-${file.page}.xml`;
}

/** Each section's table and the path of its pages (`/products/{slug}`); articles give their date. */
const SECTION_ROWS = {
  products: { table: products, path: "/products" },
  providers: { table: providers, path: "/providers" },
  // Published articles only (docs/decisions/045-content-desk-articles.md).
  blogs: { table: blogs, path: "/blogs", lastModified: blogs.publishedAt, scope: eq(blogs.status, "PUBLISHED") },
} as const satisfies Record<SitemapSection, unknown>;

/** How many files a section has (at least one, so an empty shop still lists valid files). */
async function fileCount(db: Database, section: SitemapSection): Promise<number> {
  const source = SECTION_ROWS[section];
  const [row] = await db
    .select({ n: count() })
    .from(source.table)
    .where("scope" in source ? source.scope : undefined);
  return Math.max(1, Math.ceil((row?.n ?? 0) / SITEMAP_PAGE_SIZE));
}

/**
 * The sitemap index: the pages file, then every file of products, producers and articles.
 * @param origin `https://cuvee.example` (PUBLIC_URL in production)
 * @returns the XML document
 */
export async function sitemapIndexXml(db: Database, origin: string): Promise<string> {
  const files: SitemapFile[] = [{ section: "pages" }];
  for (const section of SITEMAP_SECTIONS) {
    const pages = await fileCount(db, section);
    for (let page = 1; page <= pages; page++) files.push({ section, page });
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `<sitemap><loc>${escapeXml(origin + sitemapFilePath(file))}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

/** A page of the sitemap: its path (query included) and, for articles, its publication date. */
interface SitemapItem {
  /** The row's id (keyset of the batches); absent for the shop's own pages. */
  id?: number;
  path: string;
  lastModified?: Date;
}

/** The `<url>` entries of one item: one per language, each naming every language's URL. */
function itemXml(origin: string, item: SitemapItem): string {
  const alternates = [
    ...LOCALES.map((locale) => ({ hreflang: HREFLANG[locale], href: localizedUrl(origin, item.path, locale) })),
    { hreflang: "x-default", href: localizedUrl(origin, item.path, DEFAULT_URL_LOCALE) },
  ]
    .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
    .join("");
  const lastmod = item.lastModified ? `<lastmod>${item.lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
  return LOCALES.map(
    (locale) => `<url><loc>${escapeXml(localizedUrl(origin, item.path, locale))}</loc>${lastmod}${alternates}</url>\n`,
  ).join("");
}

const URLSET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_TAIL = "</urlset>\n";

/** A batch of a section's rows after `after` (by id; null: from the first), skipping `offset` rows first. */
async function sectionBatch(
  db: Database,
  section: SitemapSection,
  after: number | null,
  offset: number,
  limit: number,
): Promise<SitemapItem[]> {
  const source = SECTION_ROWS[section];
  const rows = await db
    .select({
      id: source.table.id,
      slug: source.table.slug,
      lastModified: "lastModified" in source ? source.lastModified : sql<null>`null`,
    })
    .from(source.table)
    .where(and("scope" in source ? source.scope : undefined, after === null ? undefined : gt(source.table.id, after)))
    .orderBy(asc(source.table.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ id: r.id, path: `${source.path}/${r.slug}`, lastModified: r.lastModified ?? undefined }));
}

/**
 * The rows of the `page`-th slice of {@link SITEMAP_PAGE_SIZE} of a section, in id order, a batch
 * at a time: the first batch skips the earlier slices, the next ones continue after the last id.
 */
async function* sectionItems(db: Database, section: SitemapSection, page: number): AsyncGenerator<SitemapItem[]> {
  let remaining = SITEMAP_PAGE_SIZE;
  let after: number | null = null;
  let offset = (page - 1) * SITEMAP_PAGE_SIZE;
  while (remaining > 0) {
    const items = await sectionBatch(db, section, after, offset, Math.min(SITEMAP_BATCH_SIZE, remaining));
    if (items.length === 0) return;
    yield items;
    offset = 0;
    after = items[items.length - 1]!.id ?? null;
    remaining -= items.length;
  }
}

/**
 * One sitemap file as a stream of XML (UTF-8).
 * @returns null when the file does not exist (a page past the section's last): the route answers 404
 */
export async function sitemapFileStream(db: Database, origin: string, file: SitemapFile): Promise<ReadableStream<Uint8Array> | null> {
  if (file.section !== "pages" && file.page > (await fileCount(db, file.section))) return null;
  const batches: AsyncIterator<SitemapItem[]> =
    file.section === "pages"
      ? (async function* () {
          yield staticSitemapPaths().map((path) => ({ path }));
        })()
      : sectionItems(db, file.section, file.page);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(URLSET_HEAD));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.enqueue(encoder.encode(URLSET_TAIL));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((item) => itemXml(origin, item)).join("")));
    },
    async cancel() {
      await batches.return?.(undefined);
    },
  });
}

/**
 * robots.txt: every crawler may read the shop except the personal and transient
 * pages (account, cart, checkout, login and password pages, subscription payment, search results,
 * preference switches, webhooks); the sitemap index's absolute URL.
 */
export function robotsTxt(origin: string): string {
  const disallowed = [
    "/account",
    "/checkout",
    "/shopping-cart",
    "/login",
    "/logout",
    "/register",
    "/forgot-password",
    "/reset-password",
    "/subscriptions/payment",
    "/subscriptions/return",
    "/global-search",
    "/preferences",
    "/webhooks/",
    // The price list and producers PDFs: costly to build, and the pages they print are indexed.
    // The staff area is not listed: it answers 404 to everyone else and must not be named here.
    "/listing",
  ];
  return ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
}
