/**
 * The content desk's articles (docs/decisions/045-content-desk-articles.md): staff write an
 * article in both languages, link it to themes, products and producers, preview it as the public
 * page shows it, and move it through DRAFT → SCHEDULED → PUBLISHED → UNPUBLISHED (blog-status.ts).
 *
 * Every change is one transaction with its audit row (`blog.created`, `blog.edited`,
 * `blog.statusChanged`, `blog.published`), raises the article's `version` (an edit or status change
 * made on an older version is refused as stale, nothing written), and notifies `cuvee_catalogue` in
 * the same transaction, so every process empties its caches (shared pages, sitemap, search) at the
 * commit. A slug is free to change until the article is first published; after that a changed
 * slug keeps the former one in `blog_slug_history`, which `/blogs/<former>` answers with a 301.
 * Scheduled articles are published by {@link publishDueBlogs}, a sweep safe with several processes.
 */
import { and, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { type LastChange, lastChangeOf, recordStaffChange } from "~/agency/audit.server";
import { CATALOGUE_CHANNEL, clearDatabaseCaches } from "~/cache.server";
import { localizedName } from "~/catalogue/reference.server";
import type { Database } from "~/db/client.server";
import { hasSqlState, UNIQUE_VIOLATION } from "~/db/errors";
import { containsPattern } from "~/db/like-pattern";
import { attributes, blogAttributes, blogProducts, blogProviders, blogs, blogSlugHistory, images, products, providers } from "~/db/schema";
import type { CleanedImage } from "~/images/image-cleaning.server";
import { deleteUnlinkedImages, storeImage } from "~/images/images.server";
import { paginate, type Pagination } from "~/lib/pagination";
import type { BlogCoverMotif, BlogStatus, BlogType, Locale } from "~/vocabulary";
import type { BlogDeskFilter, BlogEditForm } from "./blog-desk-forms";
import { type BlogStatusAction, instantToShopLocal, nextBlogStatus } from "./blog-status";
import { blogCoverColumns, type BlogCoverRow, type BlogDetail, blogDetailOf, NO_BLOG_COVER } from "./blogs.server";

/** Who makes a change: a staff user, or a job of the shop's own (`id` null). */
export interface BlogActor {
  id: number | null;
  email: string;
}

/** The publication sweep, as the audit table names it. */
export const PUBLICATION_SWEEP_ACTOR: BlogActor = { id: null, email: "system:publication-sweep" };

/** Advisory lock key of the publication sweep (one sweeper at a time across processes). */
const BLOG_PUBLICATION_LOCK = 6_045;

/** Articles per page of the staff's list. */
export const STAFF_BLOGS_PAGE_SIZE = 25;

/** What staff write of an article: texts in both languages, links by code or slug, its cover. */
export interface BlogValues {
  slug: string;
  type: BlogType;
  titleFr: string;
  titleEn: string;
  summaryFr: string;
  summaryEn: string;
  /** Markdown. */
  bodyFr: string;
  bodyEn: string;
  /** BLOG_THEME attribute codes. */
  themes: string[];
  /** Product slugs. */
  products: string[];
  /** Producer slugs. */
  providers: string[];
  /** `#rrggbb`. */
  coverColor: string;
  coverMotif: BlogCoverMotif;
}

/** The fields of {@link BlogValues} compared and shown by a stale edit (409). */
export const BLOG_VALUE_FIELDS = [
  "slug",
  "type",
  "titleFr",
  "titleEn",
  "summaryFr",
  "summaryEn",
  "bodyFr",
  "bodyEn",
  "themes",
  "products",
  "providers",
  "coverColor",
  "coverMotif",
] as const satisfies readonly (keyof BlogValues)[];

/** The values of a valid editor form. */
export function blogValuesOf(form: BlogEditForm): BlogValues {
  return {
    slug: form.slug,
    type: form.type,
    titleFr: form.titleFr,
    titleEn: form.titleEn,
    summaryFr: form.summaryFr,
    summaryEn: form.summaryEn,
    bodyFr: form.bodyFr,
    bodyEn: form.bodyEn,
    themes: form.themes,
    products: form.products,
    providers: form.providers,
    coverColor: form.coverColor,
    coverMotif: form.coverMotif,
  };
}

/** A refused value: the field and its i18n message key. */
export type BlogFieldErrors = Partial<Record<keyof BlogValues, string>>;

/** The outcome of a create or an edit. */
export type BlogSaveOutcome =
  | { kind: "saved"; id: number; version: number }
  | { kind: "invalid"; fieldErrors: BlogFieldErrors }
  | { kind: "stale"; current: { version: number; values: BlogValues; lastChange: LastChange | null } }
  | { kind: "notFound" };

/** The outcome of a change of status. */
export type BlogStatusOutcome =
  | { kind: "changed"; status: BlogStatus; version: number }
  | { kind: "notAllowed"; status: BlogStatus }
  | { kind: "stale"; current: { version: number; status: BlogStatus; lastChange: LastChange | null } }
  | { kind: "notFound" };

/** Sends the change notice in the transaction `tx`: delivered to every process at its commit. */
async function notifyPublicationChange(tx: Database): Promise<void> {
  await tx.select({ sent: sql`pg_notify(${CATALOGUE_CHANNEL}, '')` }).from(sql`(select 1) as one`);
}

/** The ids of the values' themes, products and producers; what is unknown is a field error. */
async function resolveLinks(
  tx: Database,
  values: BlogValues,
): Promise<{ ok: true; themeIds: number[]; productIds: number[]; providerIds: number[] } | { ok: false; fieldErrors: BlogFieldErrors }> {
  const [themeRows, productRows, providerRows] = await Promise.all([
    values.themes.length === 0
      ? []
      : tx
          .select({ id: attributes.id, code: attributes.code })
          .from(attributes)
          .where(and(eq(attributes.typeCode, "BLOG_THEME"), inArray(attributes.code, values.themes))),
    values.products.length === 0
      ? []
      : tx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, values.products)),
    values.providers.length === 0
      ? []
      : tx.select({ id: providers.id, slug: providers.slug }).from(providers).where(inArray(providers.slug, values.providers)),
  ]);
  const fieldErrors: BlogFieldErrors = {};
  if (themeRows.length !== values.themes.length) fieldErrors.themes = "blogDesk.errors.theme";
  if (productRows.length !== values.products.length) fieldErrors.products = "blogDesk.errors.unknownProduct";
  if (providerRows.length !== values.providers.length) fieldErrors.providers = "blogDesk.errors.unknownProvider";
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    themeIds: themeRows.map((r) => r.id),
    productIds: productRows.map((r) => r.id),
    providerIds: providerRows.map((r) => r.id),
  };
}

/** Whether another article has `slug`, now or as a former slug. */
async function slugTaken(tx: Database, slug: string, blogId: number | null): Promise<boolean> {
  const [current] = await tx
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.slug, slug), blogId === null ? undefined : ne(blogs.id, blogId)))
    .limit(1);
  if (current) return true;
  const [former] = await tx
    .select({ id: blogSlugHistory.blogId })
    .from(blogSlugHistory)
    .where(and(eq(blogSlugHistory.slug, slug), blogId === null ? undefined : ne(blogSlugHistory.blogId, blogId)))
    .limit(1);
  return former !== undefined;
}

async function replaceLinks(tx: Database, blogId: number, links: { themeIds: number[]; productIds: number[]; providerIds: number[] }) {
  await tx.delete(blogAttributes).where(eq(blogAttributes.blogId, blogId));
  await tx.delete(blogProducts).where(eq(blogProducts.blogId, blogId));
  await tx.delete(blogProviders).where(eq(blogProviders.blogId, blogId));
  if (links.themeIds.length > 0) await tx.insert(blogAttributes).values(links.themeIds.map((attributeId) => ({ blogId, attributeId })));
  if (links.productIds.length > 0) await tx.insert(blogProducts).values(links.productIds.map((productId) => ({ blogId, productId })));
  if (links.providerIds.length > 0) await tx.insert(blogProviders).values(links.providerIds.map((providerId) => ({ blogId, providerId })));
}

const textColumns = {
  slug: blogs.slug,
  type: blogs.type,
  titleFr: blogs.titleFr,
  titleEn: blogs.titleEn,
  summaryFr: blogs.summaryFr,
  summaryEn: blogs.summaryEn,
  bodyFr: blogs.bodyFr,
  bodyEn: blogs.bodyEn,
  coverColor: blogs.coverColor,
  coverMotif: blogs.coverMotif,
};

/** An article's saved values (links sorted), read in `tx`. */
async function valuesOf(tx: Database, blogId: number): Promise<BlogValues | null> {
  const [row] = await tx.select(textColumns).from(blogs).where(eq(blogs.id, blogId)).limit(1);
  if (!row) return null;
  const [themeRows, productRows, providerRows] = await Promise.all([
    tx
      .select({ code: attributes.code })
      .from(blogAttributes)
      .innerJoin(attributes, eq(attributes.id, blogAttributes.attributeId))
      .where(eq(blogAttributes.blogId, blogId))
      .orderBy(attributes.code),
    tx
      .select({ slug: products.slug })
      .from(blogProducts)
      .innerJoin(products, eq(products.id, blogProducts.productId))
      .where(eq(blogProducts.blogId, blogId))
      .orderBy(products.slug),
    tx
      .select({ slug: providers.slug })
      .from(blogProviders)
      .innerJoin(providers, eq(providers.id, blogProviders.providerId))
      .where(eq(blogProviders.blogId, blogId))
      .orderBy(providers.slug),
  ]);
  return {
    ...row,
    themes: themeRows.map((r) => r.code),
    products: productRows.map((r) => r.slug),
    providers: providerRows.map((r) => r.slug),
  };
}

/** The fields that differ between two sets of values (lists compared sorted), before and after. */
function changedValues(before: BlogValues, after: BlogValues): { before: Partial<BlogValues>; after: Partial<BlogValues> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const field of BLOG_VALUE_FIELDS) {
    const x = before[field];
    const y = after[field];
    const same = Array.isArray(x) && Array.isArray(y) ? [...x].sort().join("\n") === [...y].sort().join("\n") : x === y;
    if (!same) {
      b[field] = x;
      a[field] = y;
    }
  }
  return { before: b, after: a };
}

/**
 * Runs an article's write; a slug taken by another save between {@link slugTaken}'s check and this
 * write's commit (two staff saving the same slug at once hit the unique index) answers the check's
 * field error instead of failing the request.
 */
async function slugRaceAsInvalid(write: () => Promise<BlogSaveOutcome>): Promise<BlogSaveOutcome> {
  try {
    return await write();
  } catch (error) {
    if (hasSqlState(error, UNIQUE_VIOLATION)) return { kind: "invalid", fieldErrors: { slug: "blogDesk.errors.slugTaken" } };
    throw error;
  }
}

/**
 * Creates an article as a DRAFT (seen by staff only), with its links; records `blog.created`.
 * @returns `saved` with its id and version 1; `invalid` when the slug is taken (now or formerly by
 *   another article) or a theme, product or producer is unknown (nothing written)
 */
export async function createBlog(db: Database, actor: BlogActor, values: BlogValues, now = new Date()): Promise<BlogSaveOutcome> {
  const outcome = await slugRaceAsInvalid(() =>
    db.transaction(async (tx): Promise<BlogSaveOutcome> => {
      if (await slugTaken(tx, values.slug, null)) return { kind: "invalid", fieldErrors: { slug: "blogDesk.errors.slugTaken" } };
      const links = await resolveLinks(tx, values);
      if (!links.ok) return { kind: "invalid", fieldErrors: links.fieldErrors };
      const { themes: _t, products: _p, providers: _v, ...columns } = values;
      const [row] = await tx
        .insert(blogs)
        .values({ ...columns, status: "DRAFT", publishedAt: null, publishAt: null, version: 1, updatedAt: now })
        .returning({ id: blogs.id, version: blogs.version });
      await replaceLinks(tx, row!.id, links);
      await recordStaffChange(tx, {
        actor,
        action: "blog.created",
        entity: "blog",
        entityId: row!.id,
        before: null,
        after: { ...values, status: "DRAFT", version: 1 },
        now,
      });
      return { kind: "saved", id: row!.id, version: row!.version };
    }),
  );
  return outcome;
}

/**
 * Saves an article's texts, links and cover if it is still at `version`; nothing changed: nothing
 * written. Once the article has been published, a changed slug keeps the former one in
 * `blog_slug_history` (going back to a former slug takes it out). A published article's change
 * notifies every process at the commit.
 * @returns `saved` with the new version; `stale` with the current values (nothing written);
 *   `invalid` (slug taken, unknown link); `notFound`
 */
export async function saveBlog(
  db: Database,
  actor: BlogActor,
  blogId: number,
  version: number,
  values: BlogValues,
  now = new Date(),
): Promise<BlogSaveOutcome> {
  const outcome = await slugRaceAsInvalid(() =>
    db.transaction(async (tx): Promise<BlogSaveOutcome> => {
      const [locked] = await tx
        .select({ version: blogs.version, status: blogs.status, publishedAt: blogs.publishedAt })
        .from(blogs)
        .where(eq(blogs.id, blogId))
        .for("update");
      if (!locked) return { kind: "notFound" };
      const current = (await valuesOf(tx, blogId))!;
      if (locked.version !== version) {
        return { kind: "stale", current: { version: locked.version, values: current, lastChange: await lastChangeOf(tx, "blog", blogId) } };
      }
      const { before, after } = changedValues(current, values);
      if (Object.keys(after).length === 0) return { kind: "saved", id: blogId, version };
      if (after.slug !== undefined && (await slugTaken(tx, values.slug, blogId))) {
        return { kind: "invalid", fieldErrors: { slug: "blogDesk.errors.slugTaken" } };
      }
      const links = await resolveLinks(tx, values);
      if (!links.ok) return { kind: "invalid", fieldErrors: links.fieldErrors };
      if (after.slug !== undefined) {
        await tx.delete(blogSlugHistory).where(and(eq(blogSlugHistory.slug, values.slug), eq(blogSlugHistory.blogId, blogId)));
        // A slug is stable once published: the former one keeps answering, with a 301.
        if (locked.publishedAt !== null) await tx.insert(blogSlugHistory).values({ slug: current.slug, blogId, createdAt: now });
      }
      const { themes: _t, products: _p, providers: _v, ...columns } = values;
      const [updated] = await tx
        .update(blogs)
        .set({ ...columns, version: sql`${blogs.version} + 1`, updatedAt: now })
        .where(and(eq(blogs.id, blogId), eq(blogs.version, version)))
        .returning({ version: blogs.version });
      if (!updated) throw new Error("article row changed under its lock");
      await replaceLinks(tx, blogId, links);
      await recordStaffChange(tx, {
        actor,
        action: "blog.edited",
        entity: "blog",
        entityId: blogId,
        before: { ...before, version },
        after: { ...after, version: updated.version },
        now,
      });
      if (locked.status === "PUBLISHED") await notifyPublicationChange(tx);
      return { kind: "saved", id: blogId, version: updated.version };
    }),
  );
  if (outcome.kind === "saved") clearDatabaseCaches(db);
  return outcome;
}

/**
 * Changes an article's status if it is still at `version` and the change is allowed from its
 * status (blog-status.ts). Publishing sets `publishedAt` the first time (kept when published again,
 * the article's date); scheduling sets `publishAt` (the sweep publishes it then); every change
 * records `blog.statusChanged` and notifies every process at the commit.
 * @param publishAt for `schedule`: when to publish (UTC instant); ignored otherwise
 */
export async function changeBlogStatus(
  db: Database,
  actor: BlogActor,
  blogId: number,
  version: number,
  action: BlogStatusAction,
  publishAt: Date | null,
  now = new Date(),
): Promise<BlogStatusOutcome> {
  const outcome = await db.transaction(async (tx): Promise<BlogStatusOutcome> => {
    const [row] = await tx
      .select({ version: blogs.version, status: blogs.status, publishAt: blogs.publishAt, publishedAt: blogs.publishedAt })
      .from(blogs)
      .where(eq(blogs.id, blogId))
      .for("update");
    if (!row) return { kind: "notFound" };
    if (row.version !== version) {
      return { kind: "stale", current: { version: row.version, status: row.status, lastChange: await lastChangeOf(tx, "blog", blogId) } };
    }
    const status = nextBlogStatus(row.status, action);
    if (status === null || (status === "SCHEDULED" && publishAt === null)) return { kind: "notAllowed", status: row.status };
    const set = {
      status,
      publishAt: status === "SCHEDULED" ? publishAt : null,
      publishedAt: status === "PUBLISHED" ? (row.publishedAt ?? now) : row.publishedAt,
    };
    const [updated] = await tx
      .update(blogs)
      .set({ ...set, version: sql`${blogs.version} + 1`, updatedAt: now })
      .where(eq(blogs.id, blogId))
      .returning({ version: blogs.version });
    await recordStaffChange(tx, {
      actor,
      action: "blog.statusChanged",
      entity: "blog",
      entityId: blogId,
      before: { status: row.status, publishAt: row.publishAt, publishedAt: row.publishedAt, version },
      after: { ...set, version: updated!.version },
      now,
    });
    await notifyPublicationChange(tx);
    return { kind: "changed", status, version: updated!.version };
  });
  if (outcome.kind === "changed") clearDatabaseCaches(db);
  return outcome;
}

/**
 * The publication sweep: publishes every SCHEDULED article whose `publishAt` has come, with no
 * request needed (server/maintenance.ts runs it every minute in every process). Safe with several
 * processes: one sweeper at a time (transaction-level advisory lock; the others skip their turn)
 * and rows locked by a staff change in progress skipped (`SKIP LOCKED`, taken at the next turn).
 * Each article gets its `publishedAt` (its scheduled time, unless it was published before), a new
 * version and a `blog.published` audit row; the notice reaches every process at the commit.
 * @returns how many articles were published
 */
export async function publishDueBlogs(db: Database, now = new Date(), batchSize = 100): Promise<number> {
  const published = await db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${BLOG_PUBLICATION_LOCK})` })
      .from(sql`(select 1) as one`);
    if (!lock?.locked) return 0;
    const due = await tx
      .select({ id: blogs.id, version: blogs.version, publishAt: blogs.publishAt, publishedAt: blogs.publishedAt })
      .from(blogs)
      .where(and(eq(blogs.status, "SCHEDULED"), sql`${blogs.publishAt} <= ${now}`))
      .orderBy(blogs.publishAt, blogs.id)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    for (const blog of due) {
      const publishedAt = blog.publishedAt ?? blog.publishAt ?? now;
      const [updated] = await tx
        .update(blogs)
        .set({ status: "PUBLISHED", publishAt: null, publishedAt, version: sql`${blogs.version} + 1`, updatedAt: now })
        .where(eq(blogs.id, blog.id))
        .returning({ version: blogs.version });
      await recordStaffChange(tx, {
        actor: PUBLICATION_SWEEP_ACTOR,
        action: "blog.published",
        entity: "blog",
        entityId: blog.id,
        before: { status: "SCHEDULED", publishAt: blog.publishAt, version: blog.version },
        after: { status: "PUBLISHED", publishedAt, version: updated!.version },
        now,
      });
    }
    if (due.length > 0) await notifyPublicationChange(tx);
    return due.length;
  });
  if (published > 0) clearDatabaseCaches(db);
  return published;
}

/** One article in the staff's list. */
export interface StaffBlogRow {
  id: number;
  slug: string;
  titleFr: string;
  titleEn: string;
  status: BlogStatus;
  /** ISO 8601 instants, or null. */
  publishAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
}

/**
 * A page of the staff's article list, last changed first: every article whatever its status, or
 * those whose title (either language, accents and case ignored) or slug contains the search text.
 */
export async function listStaffBlogs(
  db: Database,
  filter: BlogDeskFilter,
  pageSize = STAFF_BLOGS_PAGE_SIZE,
): Promise<{ rows: StaffBlogRow[]; pagination: Pagination }> {
  const pattern = containsPattern(filter.search);
  const where = filter.search
    ? or(
        sql`cuvee_unaccent(${blogs.titleFr}) ilike cuvee_unaccent(${pattern})`,
        sql`cuvee_unaccent(${blogs.titleEn}) ilike cuvee_unaccent(${pattern})`,
        sql`${blogs.slug} ilike ${pattern}`,
      )
    : undefined;
  const [total] = await db.select({ n: count() }).from(blogs).where(where);
  const pagination = paginate(Number(total?.n ?? 0), filter.page, pageSize);
  const rows = await db
    .select({
      id: blogs.id,
      slug: blogs.slug,
      titleFr: blogs.titleFr,
      titleEn: blogs.titleEn,
      status: blogs.status,
      publishAt: blogs.publishAt,
      publishedAt: blogs.publishedAt,
      updatedAt: blogs.updatedAt,
    })
    .from(blogs)
    .where(where)
    .orderBy(desc(blogs.updatedAt), desc(blogs.id))
    .limit(pagination.size)
    .offset(pagination.offset);
  return {
    rows: rows.map((r) => ({
      ...r,
      publishAt: r.publishAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    pagination,
  };
}

/** An article as its staff page shows it. */
export interface StaffBlog {
  id: number;
  version: number;
  status: BlogStatus;
  /** ISO 8601 instant, or null. */
  publishAt: string | null;
  /** The scheduled time on the shop's clock (`YYYY-MM-DDTHH:mm`), or "". */
  publishAtLocal: string;
  publishedAt: string | null;
  values: BlogValues;
  formerSlugs: string[];
  lastChange: LastChange | null;
  /** The cover photo's columns (`blogCoverOf` makes the image); all null without one. */
  cover: BlogCoverRow;
}

/** An article as its staff page shows it, by id; null when there is none. */
export async function readStaffBlog(db: Database, blogId: number): Promise<StaffBlog | null> {
  const [found] = await db
    .select({
      id: blogs.id,
      version: blogs.version,
      status: blogs.status,
      publishAt: blogs.publishAt,
      publishedAt: blogs.publishedAt,
      ...blogCoverColumns,
    })
    .from(blogs)
    .leftJoin(images, eq(images.id, blogs.coverImageId))
    .where(eq(blogs.id, blogId))
    .limit(1);
  if (!found) return null;
  const { coverHash, coverWidth, coverHeight, coverDominantColor, coverPlaceholder, coverAltFr, coverAltEn, ...row } = found;
  const cover = { coverHash, coverWidth, coverHeight, coverDominantColor, coverPlaceholder, coverAltFr, coverAltEn };
  const [values, former, lastChange] = await Promise.all([
    valuesOf(db, blogId),
    db.select({ slug: blogSlugHistory.slug }).from(blogSlugHistory).where(eq(blogSlugHistory.blogId, blogId)).orderBy(blogSlugHistory.slug),
    lastChangeOf(db, "blog", blogId),
  ]);
  return {
    ...row,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishAtLocal: row.publishAt ? instantToShopLocal(row.publishAt) : "",
    publishedAt: row.publishedAt?.toISOString() ?? null,
    values: values!,
    formerSlugs: former.map((r) => r.slug),
    lastChange,
    cover,
  };
}

/** What an article's preview takes from the saved article: its dates and its cover photo. */
export type BlogPreviewBase = { id: number; publishedAt: Date | null; updatedAt: Date } & BlogCoverRow;

/**
 * An article as the public page would show it in `locale`, from values not saved yet (the
 * editor's preview): rendered by the same function as `/blogs/{slug}` (`blogDetailOf`), the same
 * sanitizer included. Unknown themes, products or producers are left out.
 * @param saved the saved article's dates (its publication date, or its last edit) and cover photo;
 *   for a new article, now and no photo
 */
export async function previewBlog(
  db: Database,
  values: BlogValues,
  locale: Locale,
  saved: BlogPreviewBase = { id: 0, publishedAt: null, updatedAt: new Date(), ...NO_BLOG_COVER },
): Promise<BlogDetail> {
  const [themeRows, productRows, providerRows] = await Promise.all([
    values.themes.length === 0
      ? []
      : db
          .select({ code: attributes.code, nameFr: attributes.nameFr, nameEn: attributes.nameEn })
          .from(attributes)
          .where(and(eq(attributes.typeCode, "BLOG_THEME"), inArray(attributes.code, values.themes)))
          .orderBy(attributes.code),
    values.products.length === 0
      ? []
      : db
          .select({ slug: products.slug, nameFr: products.nameFr, nameEn: products.nameEn })
          .from(products)
          .where(inArray(products.slug, values.products))
          .orderBy(products.slug),
    values.providers.length === 0
      ? []
      : db
          .select({ slug: providers.slug, name: providers.name })
          .from(providers)
          .where(inArray(providers.slug, values.providers))
          .orderBy(providers.name),
  ]);
  return blogDetailOf(
    { ...values, ...saved },
    themeRows.map((r) => ({ code: r.code, name: localizedName(r, locale) })),
    productRows,
    providerRows,
    locale,
  );
}

/** What a saved article's preview keeps of it (dates and cover photo); null when there is none. */
export async function blogPreviewBaseOf(db: Database, blogId: number): Promise<BlogPreviewBase | null> {
  const [row] = await db
    .select({ id: blogs.id, publishedAt: blogs.publishedAt, updatedAt: blogs.updatedAt, ...blogCoverColumns })
    .from(blogs)
    .leftJoin(images, eq(images.id, blogs.coverImageId))
    .where(eq(blogs.id, blogId))
    .limit(1);
  return row ?? null;
}

/** A cover change's outcome: done (the new version), or the article is gone. */
export type BlogCoverOutcome = { kind: "changed"; version: number } | { kind: "notFound" };

/**
 * Sets an article's cover photo (an upload already cleaned by the image core, decision 035) with
 * its alt text in both languages, or removes it (`cover` null: the generated cover again). Like a
 * product's photos, a cover change is never refused for a stale page: it raises the version (an
 * open editor's next save is then a 409 showing the change), is audited as `blog.edited` (the
 * image's id and hash before and after), notifies every process when the article is public, and
 * deletes the former image when nothing else shows it.
 * @returns `notFound` when the article does not exist
 */
export async function setBlogCover(
  db: Database,
  actor: BlogActor,
  blogId: number,
  cover: { image: CleanedImage; altFr: string; altEn: string } | null,
  now = new Date(),
): Promise<BlogCoverOutcome> {
  const outcome = await db.transaction(async (tx): Promise<BlogCoverOutcome> => {
    const [row] = await tx
      .select({ status: blogs.status, coverImageId: blogs.coverImageId, coverAltFr: blogs.coverAltFr, coverAltEn: blogs.coverAltEn })
      .from(blogs)
      .where(eq(blogs.id, blogId))
      .for("update");
    if (!row) return { kind: "notFound" };
    const stored = cover ? await storeImage(tx, cover.image) : null;
    const set = { coverImageId: stored?.id ?? null, coverAltFr: cover?.altFr ?? "", coverAltEn: cover?.altEn ?? "" };
    const [updated] = await tx
      .update(blogs)
      .set({ ...set, version: sql`${blogs.version} + 1`, updatedAt: now })
      .where(eq(blogs.id, blogId))
      .returning({ version: blogs.version });
    await recordStaffChange(tx, {
      actor,
      action: "blog.edited",
      entity: "blog",
      entityId: blogId,
      before: { coverImageId: row.coverImageId, coverAltFr: row.coverAltFr, coverAltEn: row.coverAltEn },
      after: { ...set, coverHash: stored?.hash ?? null, version: updated!.version },
      now,
    });
    if (row.coverImageId !== null && row.coverImageId !== set.coverImageId) await deleteUnlinkedImages(tx, [row.coverImageId]);
    if (row.status === "PUBLISHED") await notifyPublicationChange(tx);
    return { kind: "changed", version: updated!.version };
  });
  if (outcome.kind === "changed") clearDatabaseCaches(db);
  return outcome;
}
