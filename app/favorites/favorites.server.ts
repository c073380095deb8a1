/**
 * A logged-in customer's favourite products (docs/decisions/041-favourites-and-recently-viewed.md):
 * added and removed from the product page, listed on `/account/favorites`, and an e-mail when an
 * upcoming favourite becomes available.
 *
 * "Available" and "upcoming" are read in the customer's province: a product is available there when
 * one of its product inventories of that province is AVAILABLE, upcoming when it has UPCOMING ones
 * and no AVAILABLE one (docs/product.md#channels-and-inventories availability status; the import and the staff edit change it).
 * `notified_available_at` says whether the customer already knows the product is available: set when
 * the e-mail is written, and when the favourite is added while the product is available (no e-mail is
 * owed for what the customer just saw); cleared when the product goes back to upcoming, so its next
 * return is announced again. The sweep ({@link notifyAvailableFavorites}) compares the two every few
 * minutes, whatever changed the status.
 */
import { and, asc, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { favorites, inventories, productInventories, products, providers, users } from "~/db/schema";
import { composeSimpleMail } from "~/email/simple-mail.server";
import { translatorFor } from "~/i18n/translator";
import { localized } from "~/lib/localized";
import { enqueueMail } from "~/outbox/outbox.server";
import { localizedUrl } from "~/seo/page-meta";
import type { Locale, Province } from "~/vocabulary";

/** Favourites e-mailed in one transaction of the sweep. */
const NOTIFY_BATCH_SIZE = 100;

/** SQL: the product (`productId`) has an inventory of this status in the province (`province`). */
function hasStatusIn(productId: unknown, province: unknown, status: "AVAILABLE" | "UPCOMING") {
  return sql`exists (select 1 from ${productInventories} pi join ${inventories} i on i.code = pi.inventory_code
    where pi.product_id = ${productId} and i.province = ${province} and pi.availability_status = ${status})`;
}

/**
 * Adds a product to the customer's favourites (again: nothing changes).
 * @returns false when the product does not exist.
 */
export async function addFavorite(
  db: Database,
  user: { id: number; province: Province },
  productId: number,
  now = new Date(),
): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id, available: sql<boolean>`${hasStatusIn(products.id, user.province, "AVAILABLE")}` })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return false;
  await db
    .insert(favorites)
    .values({ userId: user.id, productId, createdAt: now, notifiedAvailableAt: product.available ? now : null })
    .onConflictDoNothing();
  return true;
}

/** Removes a product from the customer's favourites (absent: nothing happens). */
export async function removeFavorite(db: Database, userId: number, productId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
}

/** Whether the product is among the customer's favourites. */
export async function isFavorite(db: Database, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
  return row !== undefined;
}

/** A favourite as `/account/favorites` lists it. */
export interface FavoriteProduct {
  productId: number;
  slug: string;
  name: string;
  providerName: string;
  typeCode: string;
  /** In the customer's province: AVAILABLE somewhere, else UPCOMING somewhere, else not sold there. */
  availability: "AVAILABLE" | "UPCOMING" | "NONE";
}

/** The customer's favourites, the latest added first, with their availability in the customer's province. */
export async function listFavorites(db: Database, user: { id: number; province: Province }, locale: Locale): Promise<FavoriteProduct[]> {
  const rows = await db
    .select({
      productId: products.id,
      slug: products.slug,
      name: localized(locale, products.nameFr, products.nameEn),
      providerName: providers.name,
      typeCode: products.typeCode,
      available: sql<boolean>`${hasStatusIn(products.id, user.province, "AVAILABLE")}`,
      upcoming: sql<boolean>`${hasStatusIn(products.id, user.province, "UPCOMING")}`,
    })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .where(eq(favorites.userId, user.id))
    .orderBy(desc(favorites.createdAt), asc(products.id));
  return rows.map(({ available, upcoming, ...row }) => ({
    ...row,
    availability: available ? "AVAILABLE" : upcoming ? "UPCOMING" : "NONE",
  }));
}

/** What the "now available" e-mail says. */
export interface FavoriteAvailableMail {
  locale: Locale;
  firstName: string;
  productName: string;
  /** Absolute URLs of the product page and of the customer's favourites. */
  productUrl: string;
  favoritesUrl: string;
}

/**
 * The "your favourite is available" e-mail in the customer's language: subject naming the product,
 * greeting, the news, the link to the product, how to stop these e-mails (remove the favourite).
 * The shop's simple mail frame ({@link composeSimpleMail}).
 */
export function composeFavoriteAvailable(mail: FavoriteAvailableMail) {
  const t = translatorFor(mail.locale);
  return composeSimpleMail({
    lang: mail.locale,
    subject: t("favorites.mail.subject", { product: mail.productName }),
    paragraphs: [
      t("favorites.mail.greeting", { firstName: mail.firstName }),
      t("favorites.mail.body", { product: mail.productName }),
      { label: t("favorites.mail.link"), url: mail.productUrl },
      t("favorites.mail.why"),
      { label: t("favorites.mail.manage"), url: mail.favoritesUrl },
    ],
    closing: t("favorites.mail.signature"),
  });
}

/**
 * The favourites sweep (server/maintenance.ts), safe with any number of processes:
 * 1. a favourite whose product is upcoming again in the customer's province is re-armed
 *    (`notified_available_at` cleared);
 * 2. each favourite not yet notified whose product is available in the customer's province gets
 *    its e-mail written to the outbox and `notified_available_at` set, in one transaction per batch;
 *    the rows are taken `FOR UPDATE SKIP LOCKED`, so two sweeps at once never write the same
 *    e-mail, and the outbox's dedupe key (`favorite-<user>-<product>-available-<day>`) keeps it to
 *    one a day even if a product flickers.
 * @param origin the shop's origin for the links (PUBLIC_URL).
 * @returns how many e-mails were written.
 */
export async function notifyAvailableFavorites(db: Database, origin: string, now = new Date()): Promise<number> {
  await db
    .update(favorites)
    .set({ notifiedAvailableAt: null })
    .where(
      and(
        isNotNull(favorites.notifiedAvailableAt),
        sql`exists (select 1 from ${users} u where u.id = ${favorites.userId}
          and ${hasStatusIn(favorites.productId, sql`u.province`, "UPCOMING")}
          and not ${hasStatusIn(favorites.productId, sql`u.province`, "AVAILABLE")})`,
      ),
    );
  let written = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          userId: favorites.userId,
          productId: favorites.productId,
          email: users.email,
          firstName: users.firstName,
          locale: users.locale,
          slug: products.slug,
          nameFr: products.nameFr,
          nameEn: products.nameEn,
        })
        .from(favorites)
        .innerJoin(users, eq(users.id, favorites.userId))
        .innerJoin(products, eq(products.id, favorites.productId))
        .where(and(isNull(favorites.notifiedAvailableAt), hasStatusIn(favorites.productId, users.province, "AVAILABLE")))
        .orderBy(asc(favorites.userId), asc(favorites.productId))
        .limit(NOTIFY_BATCH_SIZE)
        .for("update", { of: favorites, skipLocked: true });
      const day = now.toISOString().slice(0, 10);
      for (const row of due) {
        const mail = composeFavoriteAvailable({
          locale: row.locale,
          firstName: row.firstName,
          productName: localized(row.locale, row.nameFr, row.nameEn),
          productUrl: localizedUrl(origin, `/products/${row.slug}`, row.locale),
          favoritesUrl: localizedUrl(origin, "/account/favorites", row.locale),
        });
        const tag = `favorite-${row.userId}-${row.productId}-available`;
        await enqueueMail(tx, { to: row.email, ...mail, tag }, { dedupeKey: `${tag}-${day}`, now });
      }
      if (due.length > 0) {
        await tx
          .update(favorites)
          .set({ notifiedAvailableAt: now })
          .where(or(...due.map((row) => and(eq(favorites.userId, row.userId), eq(favorites.productId, row.productId)))));
      }
      return due.length;
    });
    written += batch;
    if (batch < NOTIFY_BATCH_SIZE) return written;
  }
}
