/**
 * Blog articles (docs/product.md#blogs `/blogs`, `/blogs/{id}`; Blog; blogs by product / provider):
 * the filtered, paginated list, one article with its Markdown body rendered and
 * sanitized on the server, and the articles related to a product or a producer. The public side
 * shows PUBLISHED articles only (docs/decisions/045-content-desk-articles.md): a draft, a scheduled
 * or an unpublished article is not found.
 */
import { and, asc, count, desc, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import { localizedName } from "~/catalogue/reference.server";
import { renderMarkdown } from "~/content/page-parser.server";
import type { Database } from "~/db/client.server";
import { attributes, blogAttributes, blogProducts, blogProviders, blogs, blogSlugHistory, images, products, providers } from "~/db/schema";
import { compareText } from "~/i18n/format";
import type { ImageRef } from "~/images/image-refs";
import { localized } from "~/lib/localized";
import { paginate, type Pagination } from "~/lib/pagination";
import type { BlogCoverMotif, BlogType, Locale } from "~/vocabulary";
import { BLOG_PAGE_SIZE, type BlogFilters, isBlogId } from "./blog-filters";

/** An article's id or slug as URLs carry it: anything else names no article. */
const BLOG_KEY = /^[a-z0-9][a-z0-9-]{0,199}$/;

/** The condition of every public read of articles: published ones only (decision 045). */
export const isPublishedBlog: SQL = eq(blogs.status, "PUBLISHED");

/** A BLOG_THEME attribute in the visitor's language. */
export interface BlogTheme {
  code: string;
  name: string;
}

/** An article in a list (card): texts in the visitor's language, `publishedAt` as an ISO string. */
export interface BlogSummary {
  id: number;
  slug: string;
  type: BlogType;
  title: string;
  summary: string;
  publishedAt: string;
  coverColor: string;
  coverMotif: BlogCoverMotif;
  /** The cover photo (decision 045), alt text in the visitor's language; null: the generated cover. */
  coverImage: ImageRef | null;
  themes: BlogTheme[];
}

/** One article: its summary fields, the body as sanitized HTML, and its linked products and producers. */
export interface BlogDetail extends BlogSummary {
  bodyHtml: string;
  products: { slug: string; name: string }[];
  providers: { slug: string; name: string }[];
}

/** A related-article link (product and producer pages). */
export interface BlogLink {
  slug: string;
  title: string;
  publishedAt: string;
}

/**
 * The BLOG_THEME attributes, by name in `locale`.
 * @returns every theme (code and localized name), sorted by name
 */
export async function listBlogThemes(db: Database, locale: Locale): Promise<BlogTheme[]> {
  const rows = await db
    .select({ code: attributes.code, nameFr: attributes.nameFr, nameEn: attributes.nameEn })
    .from(attributes)
    .where(eq(attributes.typeCode, "BLOG_THEME"));
  const compare = compareText(locale);
  return rows.map((r) => ({ code: r.code, name: localizedName(r, locale) })).sort((a, b) => compare(a.name, b.name));
}

async function themesOf(db: Database, blogIds: number[], locale: Locale): Promise<Map<number, BlogTheme[]>> {
  const byBlog = new Map<number, BlogTheme[]>();
  if (blogIds.length === 0) return byBlog;
  const rows = await db
    .select({ blogId: blogAttributes.blogId, code: attributes.code, nameFr: attributes.nameFr, nameEn: attributes.nameEn })
    .from(blogAttributes)
    .innerJoin(attributes, eq(attributes.id, blogAttributes.attributeId))
    .where(and(inArray(blogAttributes.blogId, blogIds), eq(attributes.typeCode, "BLOG_THEME")))
    .orderBy(attributes.code);
  for (const r of rows) {
    const list = byBlog.get(r.blogId) ?? [];
    list.push({ code: r.code, name: localizedName(r, locale) });
    byBlog.set(r.blogId, list);
  }
  return byBlog;
}

/**
 * The columns of an article's cover photo, for a select that joins `images` on the cover
 * (`.leftJoin(images, eq(images.id, blogs.coverImageId))`): null without a photo.
 */
export const blogCoverColumns = {
  coverHash: images.hash,
  coverWidth: images.width,
  coverHeight: images.height,
  coverDominantColor: images.dominantColor,
  coverPlaceholder: images.placeholder,
  coverAltFr: blogs.coverAltFr,
  coverAltEn: blogs.coverAltEn,
};

/** An article's cover photo as {@link blogCoverColumns} select it. */
export interface BlogCoverRow {
  coverHash: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  coverDominantColor: string | null;
  coverPlaceholder: string | null;
  coverAltFr: string;
  coverAltEn: string;
}

/** The columns of an article without a cover photo, for an article not saved yet (a preview). */
export const NO_BLOG_COVER: BlogCoverRow = {
  coverHash: null,
  coverWidth: null,
  coverHeight: null,
  coverDominantColor: null,
  coverPlaceholder: null,
  coverAltFr: "",
  coverAltEn: "",
};

/** An article's cover photo with its alt text in `locale`; null without one. */
export function blogCoverOf(row: BlogCoverRow, locale: Locale): ImageRef | null {
  if (row.coverHash === null || row.coverWidth === null || row.coverHeight === null) return null;
  return {
    hash: row.coverHash,
    width: row.coverWidth,
    height: row.coverHeight,
    dominantColor: row.coverDominantColor ?? "#e7e5e4",
    placeholder: row.coverPlaceholder ?? "",
    alt: localized(locale, row.coverAltFr, row.coverAltEn),
  };
}

const summaryColumns = {
  id: blogs.id,
  slug: blogs.slug,
  type: blogs.type,
  titleFr: blogs.titleFr,
  titleEn: blogs.titleEn,
  summaryFr: blogs.summaryFr,
  summaryEn: blogs.summaryEn,
  publishedAt: blogs.publishedAt,
  updatedAt: blogs.updatedAt,
  coverColor: blogs.coverColor,
  coverMotif: blogs.coverMotif,
  ...blogCoverColumns,
};

type SummaryRow = Pick<typeof blogs.$inferSelect, Exclude<keyof typeof summaryColumns, keyof BlogCoverRow>> & BlogCoverRow;

function toSummary(row: SummaryRow, locale: Locale, themes: BlogTheme[]): BlogSummary {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: localized(locale, row.titleFr, row.titleEn),
    summary: localized(locale, row.summaryFr, row.summaryEn),
    // An article not published yet (a staff preview) shows the date of its last edit.
    publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
    coverColor: row.coverColor,
    coverMotif: row.coverMotif,
    coverImage: blogCoverOf(row, locale),
    themes,
  };
}

/**
 * The article list of `/blogs` (docs/product.md#blogs): articles of `filters.type` (any when null) having any
 * of `filters.themes` (any when empty), by publication date (`filters.sort`, newest first by
 * default, then id), {@link BLOG_PAGE_SIZE} per page.
 * @returns the page's articles and its pagination; a page beyond the last is clamped to the last
 *   (compare `pagination.page` with `filters.page` to redirect)
 */
export async function listBlogs(
  db: Database,
  filters: BlogFilters,
  locale: Locale,
): Promise<{ items: BlogSummary[]; pagination: Pagination }> {
  const conditions = [isPublishedBlog];
  if (filters.type) conditions.push(eq(blogs.type, filters.type));
  if (filters.themes.length > 0) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(blogAttributes)
          .innerJoin(attributes, eq(attributes.id, blogAttributes.attributeId))
          .where(and(eq(blogAttributes.blogId, blogs.id), eq(attributes.typeCode, "BLOG_THEME"), inArray(attributes.code, filters.themes))),
      ),
    );
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(blogs).where(where);
  const pagination = paginate(total, filters.page, BLOG_PAGE_SIZE);
  const order = filters.sort === "ASC" ? [asc(blogs.publishedAt), asc(blogs.id)] : [desc(blogs.publishedAt), desc(blogs.id)];
  const rows = await db
    .select(summaryColumns)
    .from(blogs)
    .leftJoin(images, eq(images.id, blogs.coverImageId))
    .where(where)
    .orderBy(...order)
    .limit(pagination.size)
    .offset(pagination.offset);
  const themes = await themesOf(
    db,
    rows.map((r) => r.id),
    locale,
  );
  return { items: rows.map((r) => toSummary(r, locale, themes.get(r.id) ?? [])), pagination };
}

/**
 * One published article by id (digits) or slug (docs/product.md#blogs `GET /blogs/{id}` and `/blogs/{slug}`),
 * with its body rendered from Markdown to sanitized HTML and its linked products and producers
 * (by name).
 * @returns the article, or null when no published article has that id or slug (the route answers
 *   404, or a 301 when the slug is a former one: {@link currentBlogSlug})
 */
export async function getBlog(db: Database, idOrSlug: string, locale: Locale): Promise<BlogDetail | null> {
  const key = idOrSlug.trim();
  if (!BLOG_KEY.test(key)) return null;
  const [row] = await db
    .select({ ...summaryColumns, bodyFr: blogs.bodyFr, bodyEn: blogs.bodyEn })
    .from(blogs)
    .leftJoin(images, eq(images.id, blogs.coverImageId))
    .where(and(isPublishedBlog, isBlogId(key) ? eq(blogs.id, Number(key)) : eq(blogs.slug, key)))
    .limit(1);
  if (!row) return null;
  const [themes, linkedProducts, linkedProviders] = await Promise.all([
    themesOf(db, [row.id], locale),
    db
      .select({ slug: products.slug, nameFr: products.nameFr, nameEn: products.nameEn })
      .from(blogProducts)
      .innerJoin(products, eq(products.id, blogProducts.productId))
      .where(eq(blogProducts.blogId, row.id))
      .orderBy(products.slug),
    db
      .select({ slug: providers.slug, name: providers.name })
      .from(blogProviders)
      .innerJoin(providers, eq(providers.id, blogProviders.providerId))
      .where(eq(blogProviders.blogId, row.id))
      .orderBy(providers.name),
  ]);
  return blogDetailOf(row, themes.get(row.id) ?? [], linkedProducts, linkedProviders, locale);
}

/** The parts of an article its page shows, saved or not (the content desk's preview). */
export type BlogDetailRow = SummaryRow & { bodyFr: string; bodyEn: string };

/**
 * An article as its public page shows it, from its row and its links: the one place the body is
 * rendered (Markdown to sanitized HTML), for the public page and the staff's preview alike.
 */
export function blogDetailOf(
  row: BlogDetailRow,
  themes: BlogTheme[],
  linkedProducts: { slug: string; nameFr: string; nameEn: string }[],
  linkedProviders: { slug: string; name: string }[],
  locale: Locale,
): BlogDetail {
  return {
    ...toSummary(row, locale, themes),
    bodyHtml: renderMarkdown(localized(locale, row.bodyFr, row.bodyEn)),
    products: linkedProducts.map((p) => ({ slug: p.slug, name: localizedName(p, locale) })),
    providers: linkedProviders,
  };
}

/**
 * The current slug of a published article by one of its former slugs (`blog_slug_history`): the
 * route answers `/blogs/<former>` with a 301 to it.
 * @returns the current slug, or null when `slug` is no former slug of a published article
 */
export async function currentBlogSlug(db: Database, slug: string): Promise<string | null> {
  // Anything else (a NUL byte, which the database refuses in text) is no slug at all.
  if (!BLOG_KEY.test(slug)) return null;
  const [row] = await db
    .select({ slug: blogs.slug })
    .from(blogSlugHistory)
    .innerJoin(blogs, eq(blogs.id, blogSlugHistory.blogId))
    .where(and(eq(blogSlugHistory.slug, slug), isPublishedBlog))
    .limit(1);
  return row?.slug ?? null;
}

/** The newest articles among those a link table ties to one product or producer. */
async function linkedBlogs(db: Database, linked: SQL, locale: Locale, limit: number): Promise<BlogLink[]> {
  const rows = await db
    .select({
      slug: blogs.slug,
      titleFr: blogs.titleFr,
      titleEn: blogs.titleEn,
      publishedAt: blogs.publishedAt,
      updatedAt: blogs.updatedAt,
    })
    .from(blogs)
    .where(and(isPublishedBlog, inArray(blogs.id, linked)))
    .orderBy(desc(blogs.publishedAt), desc(blogs.id))
    .limit(limit);
  return rows.map((r) => ({
    slug: r.slug,
    title: localized(locale, r.titleFr, r.titleEn),
    publishedAt: (r.publishedAt ?? r.updatedAt).toISOString(),
  }));
}

/**
 * Articles linked to a product (docs/product.md#blogs blogs by product), newest first.
 * @param productId products.id
 * @returns up to `limit` links (title in `locale`, ISO date)
 */
export function listBlogsForProduct(db: Database, productId: number, locale: Locale, limit = 6): Promise<BlogLink[]> {
  const linked = db.select({ id: blogProducts.blogId }).from(blogProducts).where(eq(blogProducts.productId, productId));
  return linkedBlogs(db, sql`${linked}`, locale, limit);
}

/**
 * Articles linked to a producer (docs/product.md#blogs blogs by provider), newest first.
 * @param providerId providers.id
 * @returns up to `limit` links (title in `locale`, ISO date)
 */
export function listBlogsForProvider(db: Database, providerId: number, locale: Locale, limit = 6): Promise<BlogLink[]> {
  const linked = db.select({ id: blogProviders.blogId }).from(blogProviders).where(eq(blogProviders.providerId, providerId));
  return linkedBlogs(db, sql`${linked}`, locale, limit);
}
