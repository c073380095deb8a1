/**
 * Recently viewed products (docs/decisions/041-favourites-and-recently-viewed.md), kept server-side
 * with the visitor's session, never in the browser's storage:
 * - the viewer is `user:<id>` for a logged-in customer, `guest:<uuid>` for a guest who already has
 *   a session (the guest identity is made at the first cart write, never by a page view: viewing a
 *   product never sets a cookie);
 * - a view is recorded only for a person: never for a crawler (isbot) nor a prefetch (a link
 *   prefetched by the browser or by React Router is not a view);
 * - each viewer keeps at most {@link RECENTLY_VIEWED_MAX} products, the latest;
 * - at login the guest's recents join the customer's;
 * - a sweep deletes guest rows a day old (the guest session's lifetime) and customers' rows
 *   {@link CUSTOMER_RECENTS_DAYS} days old, one process at a time.
 */
import { and, desc, eq, like, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products, providers, recentlyViewed } from "~/db/schema";
import { localized } from "~/lib/localized";
import { GUEST_SESSION_LIFETIME_SECONDS } from "~/session.server";
import { isCrawler } from "~/visitor/visitor.server";
import type { Locale } from "~/vocabulary";

/** Most products kept per viewer; a new view beyond it drops the oldest. */
export const RECENTLY_VIEWED_MAX = 12;
/** A customer's views are kept this long (a guest's only as long as a guest session lives). */
const CUSTOMER_RECENTS_DAYS = 90;
/** Advisory lock of the recents sweep (guest carts 6001, orders 6002, subscriptions 6003). */
const RECENTS_SWEEP_LOCK = 6_041;
const SWEEP_BATCH_SIZE = 1_000;

/** Whose recents: `user:<id>` or `guest:<uuid>`. */
export type ViewerKey = `user:${number}` | `guest:${string}`;

/**
 * The viewer key of a visitor (the cart's owner: a logged-in customer, or a guest with a session),
 * or null when the visitor has no identity yet (no recents are kept for them).
 */
export function viewerKeyOf(owner: { customerId: number } | { guestId: string } | null): ViewerKey | null {
  if (!owner) return null;
  return "customerId" in owner ? `user:${owner.customerId}` : `guest:${owner.guestId}`;
}

/**
 * Whether a request is a prefetch rather than a person opening the page: `Sec-Purpose` /
 * `Purpose: prefetch` (browsers' `<link rel="prefetch">`, which React Router's `<Link prefetch>`
 * uses, and speculation rules), `X-Moz: prefetch`, `X-Purpose: preview`.
 */
export function isPrefetch(request: Request): boolean {
  const purpose = [request.headers.get("Sec-Purpose"), request.headers.get("Purpose"), request.headers.get("X-Moz")]
    .filter(Boolean)
    .join(" ");
  return /prefetch|prerender/i.test(purpose) || /preview/i.test(request.headers.get("X-Purpose") ?? "");
}

/**
 * Records that `viewer` saw `productId` now (a second view moves it to the front) and keeps only
 * the latest {@link RECENTLY_VIEWED_MAX} of the viewer's products. Safe to run concurrently.
 */
async function recordView(db: Database, viewer: ViewerKey, productId: number, now = new Date()): Promise<void> {
  await db
    .insert(recentlyViewed)
    .values({ viewerKey: viewer, productId, viewedAt: now })
    .onConflictDoUpdate({
      target: [recentlyViewed.viewerKey, recentlyViewed.productId],
      set: { viewedAt: sql`greatest(${recentlyViewed.viewedAt}, excluded.viewed_at)` },
    });
  await trim(db, viewer);
}

/** Deletes the viewer's rows beyond the latest {@link RECENTLY_VIEWED_MAX}. */
async function trim(db: Database, viewer: ViewerKey): Promise<void> {
  const kept = db
    .select({ productId: recentlyViewed.productId })
    .from(recentlyViewed)
    .where(eq(recentlyViewed.viewerKey, viewer))
    .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.productId))
    .limit(RECENTLY_VIEWED_MAX);
  await db.delete(recentlyViewed).where(and(eq(recentlyViewed.viewerKey, viewer), notInArray(recentlyViewed.productId, kept)));
}

/** A recently viewed product as the page lists it: a link with the product's name and producer. */
export interface RecentProduct {
  productId: number;
  slug: string;
  name: string;
  providerName: string;
  typeCode: string;
}

/**
 * The viewer's recently viewed products, latest first, without `options.exceptProductId` (the
 * page's own product).
 * @param options.limit at most this many (default {@link RECENTLY_VIEWED_MAX})
 */
async function listRecentlyViewed(
  db: Database,
  viewer: ViewerKey,
  locale: Locale,
  options: { exceptProductId?: number; limit?: number } = {},
): Promise<RecentProduct[]> {
  return db
    .select({
      productId: products.id,
      slug: products.slug,
      name: localized(locale, products.nameFr, products.nameEn),
      providerName: providers.name,
      typeCode: products.typeCode,
    })
    .from(recentlyViewed)
    .innerJoin(products, eq(products.id, recentlyViewed.productId))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .where(
      and(
        eq(recentlyViewed.viewerKey, viewer),
        options.exceptProductId === undefined ? undefined : ne(recentlyViewed.productId, options.exceptProductId),
      ),
    )
    .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.productId))
    .limit(options.limit ?? RECENTLY_VIEWED_MAX);
}

/**
 * At login: the guest's recently viewed products join the customer's (a product seen by both keeps
 * its latest view), the guest's rows go, and the customer keeps the latest
 * {@link RECENTLY_VIEWED_MAX}. Idempotent.
 */
export async function mergeGuestRecents(db: Database, guestId: string, userId: number): Promise<void> {
  const guest: ViewerKey = `guest:${guestId}`;
  const user: ViewerKey = `user:${userId}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${recentlyViewed} (viewer_key, product_id, viewed_at)
      select ${user}, product_id, viewed_at from ${recentlyViewed} where viewer_key = ${guest}
      on conflict (viewer_key, product_id) do update set viewed_at = greatest(${recentlyViewed.viewedAt}, excluded.viewed_at)`);
    await tx.delete(recentlyViewed).where(eq(recentlyViewed.viewerKey, guest));
    await trim(tx, user);
  });
}

/**
 * Deletes guests' views older than the guest session's lifetime and customers' older than
 * {@link CUSTOMER_RECENTS_DAYS}, in batches. One process at a time (a transaction-level advisory
 * lock: the others skip their turn); rows being written are skipped (`SKIP LOCKED`).
 * @returns rows deleted, or null when another process was sweeping.
 */
export async function sweepRecentlyViewed(db: Database, now = new Date()): Promise<number | null> {
  const guestCutoff = new Date(now.getTime() - GUEST_SESSION_LIFETIME_SECONDS * 1000);
  const customerCutoff = new Date(now.getTime() - CUSTOMER_RECENTS_DAYS * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [lock] = await tx
        .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${RECENTS_SWEEP_LOCK})` })
        .from(sql`(values (1)) as one`);
      if (!lock?.locked) return null;
      const old = tx
        .select({ viewerKey: recentlyViewed.viewerKey, productId: recentlyViewed.productId })
        .from(recentlyViewed)
        .where(
          or(
            and(like(recentlyViewed.viewerKey, "guest:%"), lt(recentlyViewed.viewedAt, guestCutoff)),
            lt(recentlyViewed.viewedAt, customerCutoff),
          ),
        )
        .limit(SWEEP_BATCH_SIZE)
        .for("update", { skipLocked: true });
      const rows = await tx
        .delete(recentlyViewed)
        .where(sql`(${recentlyViewed.viewerKey}, ${recentlyViewed.productId}) in ${old}`)
        .returning({ productId: recentlyViewed.productId });
      return rows.length;
    });
    if (batch === null) return deleted > 0 ? deleted : null;
    deleted += batch;
    if (batch < SWEEP_BATCH_SIZE) return deleted;
  }
}

/**
 * The product page's recents: the visitor's recently viewed products other than this one (at most
 * `limit`), then this view recorded — unless the request is a crawler's or a prefetch, or the
 * visitor has no identity yet (nothing is kept, and no cookie is set to keep it).
 * @param owner the visitor's cart owner (`readCartOwner`): a customer, a guest with a session, or null.
 */
export async function recentsForProductPage(
  db: Database,
  request: Request,
  owner: { customerId: number } | { guestId: string } | null,
  productId: number,
  locale: Locale,
  limit = 8,
): Promise<RecentProduct[]> {
  const viewer = viewerKeyOf(owner);
  if (!viewer || isCrawler(request)) return [];
  const recents = await listRecentlyViewed(db, viewer, locale, { exceptProductId: productId, limit });
  if (!isPrefetch(request)) await recordView(db, viewer, productId);
  return recents;
}
