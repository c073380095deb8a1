/**
 * Carousels (docs/decisions/047-carousels.md; docs/product.md#carousels `GET /carousels?group=`): named groups of
 * cards staff arrange — the home page's selection, new arrivals, coming soon — for one province or
 * for both. Each is an ordered list of products, producers and articles, each item with an optional
 * start and end.
 *
 * Reading ({@link readCarousel}) applies the rules at read time, so nothing has to be edited when
 * they change: an item outside its dates drops out; a product is one card (not one per channel)
 * holding its channels of the visitor's province that have stock or are upcoming, and drops out
 * when it has none (out of stock, or not sold in the province); an article shows only while
 * PUBLISHED. Writing ({@link editCarousel}) is one transaction per change: the carousel's row
 * locked, its version compared (a stale edit changes nothing and is answered with the current
 * state), the items renumbered, the version raised, the audit row (`carousel.edited`) and a notice
 * on the catalogue channel (every process empties its caches, shared pages included) written in it.
 */
import { and, type AnyColumn, asc, count, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { lastChangeOf, recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import { blogCoverColumns, blogCoverOf } from "~/blogs/blogs.server";
import { CATALOGUE_CHANNEL, clearDatabaseCaches } from "~/cache.server";
import { countryName } from "~/catalogue/country-names.server";
import { withMainPhotos } from "~/catalogue/photos-on-pages.server";
import { type ListedProduct, listProductCardsInStock } from "~/catalogue/products.server";
import type { ProductCardItem } from "~/catalogue/ui/product-card";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/db/like-pattern";
import { blogs, carouselItems, carousels, images, products, providers } from "~/db/schema";
import type { ImageRef } from "~/images/image-refs";
import { localized } from "~/lib/localized";
import type { BlogCoverMotif, BlogStatus, BlogType, CarouselItemKind, Locale, Province, TaxMode } from "~/vocabulary";
import { MAX_CAROUSEL_ITEMS } from "./carousel-forms";
import { CAROUSEL_GROUP_NAMES, CAROUSEL_GROUPS, type CarouselGroup } from "./carousel-groups";

/** A product's card: the product list's card (one per product, its channels inside). */
export interface CarouselProductCard {
  kind: "product";
  itemId: number;
  product: ProductCardItem;
}

/** A producer's card: its name, its short description, a link to its page. */
export interface CarouselProviderCard {
  kind: "provider";
  itemId: number;
  slug: string;
  name: string;
  description: string;
}

/** An article's card: cover, type, title, date, summary, a link to it. */
export interface CarouselBlogCard {
  kind: "blog";
  itemId: number;
  slug: string;
  type: BlogType;
  title: string;
  summary: string;
  /** ISO 8601. */
  publishedAt: string;
  coverColor: string;
  coverMotif: BlogCoverMotif;
  /** The cover photo, alt text in the visitor's language; null: the drawn cover. */
  coverImage: ImageRef | null;
}

export type CarouselCard = CarouselProductCard | CarouselProviderCard | CarouselBlogCard;

/** A carousel as a visitor sees it: its name in their language and its cards in order (maybe none). */
export interface CarouselView {
  group: CarouselGroup;
  name: string;
  cards: CarouselCard[];
  /** False when staff never made this group's carousel (for the province or both): a new shop. */
  arranged: boolean;
}

/** Who changes a carousel: a staff user, or the demo seed (no account: `id` null). */
export type CarouselEditor = Pick<StaffUser, "email"> & { id: number | null };

/**
 * The carousel of `group` that applies to a province: the province's own, else the one for both
 * provinces (`province` null); null when there is neither.
 */
async function carouselFor(db: Database, group: CarouselGroup, province: Province): Promise<typeof carousels.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(carousels)
    .where(and(eq(carousels.groupCode, group), or(eq(carousels.province, province), isNull(carousels.province))))
    .orderBy(sql`${carousels.province} is null`)
    .limit(1);
  return row ?? null;
}

/**
 * A group's carousel for a visitor (docs/product.md#carousels `GET /carousels?group=`): the province's own carousel,
 * else the one for both provinces; its items shown at `now` (started, not ended), in order, each a
 * card in `locale` with prices in `taxMode`. A product is one card with its channels of `province`
 * that have stock or are upcoming, left out when it has none; an article is left out unless
 * PUBLISHED. No carousel: no cards. Four small queries at most (items, products, producers,
 * articles) and the products' main photos; the home page that shows it is shared by visitors and
 * emptied with every change (decision 026), so nothing more is cached here.
 */
export async function readCarousel(
  db: Database,
  group: CarouselGroup,
  visitor: { province: Province; locale: Locale; taxMode: TaxMode },
  now = new Date(),
): Promise<CarouselView> {
  const name = localized(visitor.locale, CAROUSEL_GROUP_NAMES[group].fr, CAROUSEL_GROUP_NAMES[group].en);
  const carousel = await carouselFor(db, group, visitor.province);
  if (!carousel) return { group, name, cards: [], arranged: false };
  const items = await db
    .select()
    .from(carouselItems)
    .where(
      and(
        eq(carouselItems.carouselId, carousel.id),
        or(isNull(carouselItems.startsAt), lte(carouselItems.startsAt, now)),
        or(isNull(carouselItems.endsAt), gt(carouselItems.endsAt, now)),
      ),
    )
    .orderBy(asc(carouselItems.position), asc(carouselItems.id));
  const ids = (kind: CarouselItemKind) =>
    items.flatMap((item) => (item.kind !== kind ? [] : [item.productId ?? item.providerId ?? item.blogId ?? 0]));
  const [productCards, providerRows, blogRows] = await Promise.all([
    productCardsOf(db, ids("product"), visitor),
    providerCardsOf(db, ids("provider"), visitor.locale),
    blogCardsOf(db, ids("blog"), visitor.locale),
  ]);
  const cards = items.flatMap((item): CarouselCard[] => {
    if (item.kind === "product") {
      const product = productCards.get(item.productId ?? 0);
      return product ? [{ kind: "product", itemId: item.id, product }] : [];
    }
    if (item.kind === "provider") {
      const provider = providerRows.get(item.providerId ?? 0);
      return provider ? [{ kind: "provider", itemId: item.id, ...provider }] : [];
    }
    const blog = blogRows.get(item.blogId ?? 0);
    return blog ? [{ kind: "blog", itemId: item.id, ...blog }] : [];
  });
  return { group, name: localized(visitor.locale, carousel.nameFr, carousel.nameEn), cards, arranged: true };
}

/**
 * Products of the product list (`searchProducts`' items) as carousel cards, with their main photos
 * and country names: the home selection of a shop whose staff have not arranged it yet.
 */
export async function listedProductCards(db: Database, items: ListedProduct[], locale: Locale): Promise<CarouselCard[]> {
  const withPhotos = await withMainPhotos(db, items, locale);
  return withPhotos.map((item, index) => ({
    kind: "product",
    itemId: -1 - index,
    product: { ...item, countryName: item.countryCode ? countryName(item.countryCode, locale) : null },
  }));
}

/** The product cards of ids a visitor can have now, by product id, with main photo and country name. */
async function productCardsOf(
  db: Database,
  ids: number[],
  visitor: { province: Province; locale: Locale; taxMode: TaxMode },
): Promise<Map<number, ProductCardItem>> {
  if (ids.length === 0) return new Map();
  const listed = await listProductCardsInStock(db, ids, visitor);
  const withPhotos = await withMainPhotos(db, listed, visitor.locale);
  return new Map(
    withPhotos.map((item) => [
      item.productId,
      { ...item, countryName: item.countryCode ? countryName(item.countryCode, visitor.locale) : null },
    ]),
  );
}

async function providerCardsOf(db: Database, ids: number[], locale: Locale) {
  if (ids.length === 0) return new Map<number, Omit<CarouselProviderCard, "kind" | "itemId">>();
  const rows = await db
    .select({
      id: providers.id,
      slug: providers.slug,
      name: providers.name,
      description: localized(locale, providers.descriptionFr, providers.descriptionEn),
    })
    .from(providers)
    .where(inArray(providers.id, ids));
  return new Map(rows.map(({ id, ...card }) => [id, { ...card, description: card.description ?? "" }]));
}

/** Articles that are PUBLISHED now, by id. */
async function blogCardsOf(db: Database, ids: number[], locale: Locale) {
  if (ids.length === 0) return new Map<number, Omit<CarouselBlogCard, "kind" | "itemId">>();
  const rows = await db
    .select({
      id: blogs.id,
      slug: blogs.slug,
      type: blogs.type,
      title: localized(locale, blogs.titleFr, blogs.titleEn),
      summary: localized(locale, blogs.summaryFr, blogs.summaryEn),
      publishedAt: blogs.publishedAt,
      coverColor: blogs.coverColor,
      coverMotif: blogs.coverMotif,
      ...blogCoverColumns,
    })
    .from(blogs)
    .leftJoin(images, eq(images.id, blogs.coverImageId))
    .where(and(inArray(blogs.id, ids), eq(blogs.status, "PUBLISHED" satisfies BlogStatus)));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        slug: row.slug,
        type: row.type,
        title: row.title,
        summary: row.summary,
        publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
        coverColor: row.coverColor,
        coverMotif: row.coverMotif,
        coverImage: blogCoverOf(row, locale),
      },
    ]),
  );
}

// ——— The staff's side ———

/** One carousel in the staff's list. */
export interface StaffCarouselRow {
  group: CarouselGroup;
  province: Province | null;
  /** Items, whatever their dates (0 when the carousel is not created yet). */
  itemCount: number;
  /** ISO 8601; null when not created yet. */
  updatedAt: string | null;
}

/**
 * Every carousel staff can arrange: each group for Québec, for Ontario and for both provinces, in
 * the groups' order, with its number of items (a carousel not created yet has none).
 */
export async function listStaffCarousels(db: Database): Promise<StaffCarouselRow[]> {
  const rows = await db
    .select({
      group: carousels.groupCode,
      province: carousels.province,
      updatedAt: carousels.updatedAt,
      itemCount: sql<number>`(select count(*) from ${carouselItems} where ${carouselItems.carouselId} = ${carousels.id})::int`,
    })
    .from(carousels);
  return CAROUSEL_GROUPS.flatMap((group) =>
    (["QC", "ON", null] as const).map((province) => {
      const row = rows.find((r) => r.group === group && r.province === province);
      return { group, province, itemCount: row?.itemCount ?? 0, updatedAt: row?.updatedAt.toISOString() ?? null };
    }),
  );
}

/** Why an item of the staff's editor would not show now (null: it shows, stock and province allowing). */
export type StaffItemNote = "notStarted" | "ended" | "notPublished" | null;

/** One item as the staff's editor shows it. */
export interface StaffCarouselItem {
  id: number;
  kind: CarouselItemKind;
  /** The product's, producer's or article's slug (its public address). */
  slug: string;
  label: string;
  /** ISO 8601, or null. */
  startsAt: string | null;
  endsAt: string | null;
  note: StaffItemNote;
}

/** A carousel as its staff editor shows it. */
export interface StaffCarousel {
  group: CarouselGroup;
  province: Province | null;
  /** 0 while the carousel is not created (its first change creates it). */
  version: number;
  items: StaffCarouselItem[];
  lastChange: { at: string; actorEmail: string } | null;
}

/** The carousel's row of a group and province (null: both), or null. */
async function findCarousel(db: Database, group: CarouselGroup, province: Province | null) {
  const [row] = await db
    .select()
    .from(carousels)
    .where(and(eq(carousels.groupCode, group), province === null ? isNull(carousels.province) : eq(carousels.province, province)))
    .limit(1);
  return row ?? null;
}

/**
 * A carousel as its staff editor shows it: every item whatever its dates, in order, with the
 * reason it would not show now; version 0 and no items when it is not created yet.
 */
export async function readStaffCarousel(
  db: Database,
  group: CarouselGroup,
  province: Province | null,
  locale: Locale,
  now = new Date(),
): Promise<StaffCarousel> {
  const carousel = await findCarousel(db, group, province);
  if (!carousel) return { group, province, version: 0, items: [], lastChange: null };
  const rows = await db
    .select({
      id: carouselItems.id,
      kind: carouselItems.kind,
      startsAt: carouselItems.startsAt,
      endsAt: carouselItems.endsAt,
      productSlug: products.slug,
      productName: localized(locale, products.nameFr, products.nameEn),
      productVintage: products.vintage,
      providerSlug: providers.slug,
      providerName: providers.name,
      blogSlug: blogs.slug,
      blogTitle: localized(locale, blogs.titleFr, blogs.titleEn),
      blogStatus: blogs.status,
    })
    .from(carouselItems)
    .leftJoin(products, eq(products.id, carouselItems.productId))
    .leftJoin(providers, eq(providers.id, carouselItems.providerId))
    .leftJoin(blogs, eq(blogs.id, carouselItems.blogId))
    .where(eq(carouselItems.carouselId, carousel.id))
    .orderBy(asc(carouselItems.position), asc(carouselItems.id));
  const lastChange = await lastChangeOf(db, "carousel", carousel.id);
  return {
    group,
    province,
    version: carousel.version,
    lastChange,
    items: rows.map((row) => {
      const note: StaffItemNote =
        row.startsAt && row.startsAt > now
          ? "notStarted"
          : row.endsAt && row.endsAt <= now
            ? "ended"
            : row.kind === "blog" && row.blogStatus !== "PUBLISHED"
              ? "notPublished"
              : null;
      const [slug, label] =
        row.kind === "product"
          ? [row.productSlug ?? "", row.productVintage ? `${row.productName ?? ""} ${row.productVintage}` : (row.productName ?? "")]
          : row.kind === "provider"
            ? [row.providerSlug ?? "", row.providerName ?? ""]
            : [row.blogSlug ?? "", row.blogTitle ?? ""];
      return {
        id: row.id,
        kind: row.kind,
        slug,
        label,
        startsAt: row.startsAt?.toISOString() ?? null,
        endsAt: row.endsAt?.toISOString() ?? null,
        note,
      };
    }),
  };
}

/** A product, producer or article an item can show, as the editor's search finds it. */
export interface CarouselTarget {
  id: number;
  slug: string;
  label: string;
}

/** Most matches the editor's search offers. */
const TARGET_MATCHES = 8;

/**
 * What a typed text names for an item of `kind`: the one with exactly that slug, else those whose
 * name (a product's in either language, an article's title in either language) contains it,
 * accents and case ignored, by name — at most {@link TARGET_MATCHES}.
 */
export async function findCarouselTargets(db: Database, kind: CarouselItemKind, text: string, locale: Locale): Promise<CarouselTarget[]> {
  const pattern = containsPattern(text);
  const contains = (column: AnyColumn) => sql`cuvee_unaccent(${column}) ilike cuvee_unaccent(${pattern})`;
  if (kind === "product") {
    const label = sql<string>`${localized(locale, products.nameFr, products.nameEn)} || coalesce(' ' || ${products.vintage}::text, '')`;
    const exact = await db.select({ id: products.id, slug: products.slug, label }).from(products).where(eq(products.slug, text)).limit(1);
    if (exact.length > 0) return exact;
    return db
      .select({ id: products.id, slug: products.slug, label })
      .from(products)
      .where(or(contains(products.nameFr), contains(products.nameEn)))
      .orderBy(asc(localized(locale, products.nameFr, products.nameEn)), asc(products.id))
      .limit(TARGET_MATCHES);
  }
  if (kind === "provider") {
    const exact = await db
      .select({ id: providers.id, slug: providers.slug, label: providers.name })
      .from(providers)
      .where(eq(providers.slug, text))
      .limit(1);
    if (exact.length > 0) return exact;
    return db
      .select({ id: providers.id, slug: providers.slug, label: providers.name })
      .from(providers)
      .where(contains(providers.name))
      .orderBy(asc(providers.name), asc(providers.id))
      .limit(TARGET_MATCHES);
  }
  const label = localized(locale, blogs.titleFr, blogs.titleEn);
  const exact = await db.select({ id: blogs.id, slug: blogs.slug, label }).from(blogs).where(eq(blogs.slug, text)).limit(1);
  if (exact.length > 0) return exact;
  return db
    .select({ id: blogs.id, slug: blogs.slug, label })
    .from(blogs)
    .where(or(contains(blogs.titleFr), contains(blogs.titleEn)))
    .orderBy(asc(label), asc(blogs.id))
    .limit(TARGET_MATCHES);
}

/** One change of a carousel, as the editor's forms (and the demo seed) ask for it. */
export type CarouselChange =
  | { op: "add"; kind: CarouselItemKind; targetId: number; startsAt: Date | null; endsAt: Date | null }
  | { op: "remove"; itemId: number }
  | { op: "move"; itemId: number; direction: "up" | "down" }
  | { op: "dates"; itemId: number; startsAt: Date | null; endsAt: Date | null };

/**
 * What a change came to: `saved` with the new version; `stale` when the carousel is no longer at
 * the version the form was loaded with (or the item named is gone), nothing written; `refused`
 * with the reason (an item already there, the carousel full, the product, producer or article gone),
 * nothing written.
 */
export type CarouselEditOutcome =
  | { kind: "saved"; version: number }
  | { kind: "stale"; version: number }
  | { kind: "refused"; reason: "duplicate" | "full" | "targetGone" };

/** An item as the audit row records it. */
type AuditedItem = { kind: CarouselItemKind; id: number; startsAt: Date | null; endsAt: Date | null };

/**
 * Applies one change to the carousel of `group` for `province` (null: both), if it is still at
 * `version` (0: not created yet; the first change creates it, named after its group). One
 * transaction: the carousel's row locked, the change applied, positions renumbered 1…n, the version
 * raised and `updatedAt` set, the audit row `carousel.edited` (the items before and after, and the
 * change) and a notice on the catalogue channel (every process empties its caches, shared home
 * pages included) written with it; this process's caches are emptied after the commit.
 */
export async function editCarousel(
  db: Database,
  editor: CarouselEditor,
  target: { group: CarouselGroup; province: Province | null },
  version: number,
  change: CarouselChange,
  now = new Date(),
): Promise<CarouselEditOutcome> {
  const outcome = await db.transaction(async (tx): Promise<CarouselEditOutcome> => {
    if (version === 0) {
      const names = CAROUSEL_GROUP_NAMES[target.group];
      await tx
        .insert(carousels)
        .values({ groupCode: target.group, province: target.province, nameFr: names.fr, nameEn: names.en, version: 0, updatedAt: now })
        .onConflictDoNothing();
    }
    const found = await findCarousel(tx, target.group, target.province);
    if (!found) return { kind: "stale", version: 0 };
    const [carousel] = await tx.select().from(carousels).where(eq(carousels.id, found.id)).for("update");
    if (!carousel) return { kind: "stale", version: 0 };
    if (carousel.version !== version) return { kind: "stale", version: carousel.version };
    const rows = await tx
      .select()
      .from(carouselItems)
      .where(eq(carouselItems.carouselId, carousel.id))
      .orderBy(asc(carouselItems.position), asc(carouselItems.id));
    const before = rows.map(audited);
    const order = rows.map((row) => row.id);
    if (change.op === "add") {
      if (rows.length >= MAX_CAROUSEL_ITEMS) return { kind: "refused", reason: "full" };
      const column = change.kind === "product" ? "productId" : change.kind === "provider" ? "providerId" : "blogId";
      if (rows.some((row) => row.kind === change.kind && row[column] === change.targetId)) return { kind: "refused", reason: "duplicate" };
      if (!(await targetExists(tx, change.kind, change.targetId))) return { kind: "refused", reason: "targetGone" };
      const [inserted] = await tx
        .insert(carouselItems)
        .values({
          carouselId: carousel.id,
          position: rows.length + 1,
          kind: change.kind,
          productId: change.kind === "product" ? change.targetId : null,
          providerId: change.kind === "provider" ? change.targetId : null,
          blogId: change.kind === "blog" ? change.targetId : null,
          startsAt: change.startsAt,
          endsAt: change.endsAt,
        })
        .returning({ id: carouselItems.id });
      order.push(inserted!.id);
    } else {
      const index = order.indexOf(change.itemId);
      if (index === -1) return { kind: "stale", version: carousel.version };
      if (change.op === "remove") {
        await tx.delete(carouselItems).where(eq(carouselItems.id, change.itemId));
        order.splice(index, 1);
      } else if (change.op === "move") {
        const to = change.direction === "up" ? index - 1 : index + 1;
        if (to >= 0 && to < order.length) [order[index], order[to]] = [order[to]!, order[index]!];
      } else {
        await tx.update(carouselItems).set({ startsAt: change.startsAt, endsAt: change.endsAt }).where(eq(carouselItems.id, change.itemId));
      }
    }
    // Positions 1…n in the new order (only the rows whose place changed are written).
    for (const [index, id] of order.entries()) {
      const row = rows.find((r) => r.id === id);
      if (row && row.position === index + 1) continue;
      await tx
        .update(carouselItems)
        .set({ position: index + 1 })
        .where(eq(carouselItems.id, id));
    }
    const [updated] = await tx
      .update(carousels)
      .set({ version: sql`${carousels.version} + 1`, updatedAt: now })
      .where(eq(carousels.id, carousel.id))
      .returning({ version: carousels.version });
    const after = await tx
      .select()
      .from(carouselItems)
      .where(eq(carouselItems.carouselId, carousel.id))
      .orderBy(asc(carouselItems.position), asc(carouselItems.id));
    await recordStaffChange(tx, {
      actor: editor,
      action: "carousel.edited",
      entity: "carousel",
      entityId: carousel.id,
      before: { version, items: before },
      after: { version: updated!.version, change: change.op, items: after.map(audited) },
      now,
    });
    // Every process (this one included) empties its caches when this commits (migration 0012's channel).
    await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
    return { kind: "saved", version: updated!.version };
  });
  if (outcome.kind === "saved") clearDatabaseCaches(db);
  return outcome;
}

function audited(row: typeof carouselItems.$inferSelect): AuditedItem {
  return { kind: row.kind, id: row.productId ?? row.providerId ?? row.blogId ?? 0, startsAt: row.startsAt, endsAt: row.endsAt };
}

async function targetExists(db: Database, kind: CarouselItemKind, id: number): Promise<boolean> {
  const table = kind === "product" ? products : kind === "provider" ? providers : blogs;
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.id, id));
  return Number(row?.n ?? 0) > 0;
}
