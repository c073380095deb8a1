/**
 * The photos of products and producers (decision 035): which stored image shows a product (an
 * ordered list, position 0 the main photo) or a producer (one photo, one logo), with alt text in
 * both languages. The images themselves are app/images/'s.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { images, productImages, providerImages } from "~/db/schema";
import type { ImageRef } from "~/images/image-refs";
import { deleteUnlinkedImages, type StoredImage, storedImageColumns, toImageRef } from "~/images/images.server";
import { localized } from "~/lib/localized";
import type { Locale, ProviderImageRole } from "~/vocabulary";

/** Alt text in both languages (both required: the product's or producer's name by default). */
export interface AltText {
  altFr: string;
  altEn: string;
}

/** One photo of a product, as the staff page lists them: the image, its place and both alt texts. */
export interface ProductPhoto extends AltText {
  image: StoredImage;
  position: number;
}

/**
 * The main photo (position 0) of each product of `productIds` that has one.
 * @returns product id → the photo with its alt text in `locale`; products without a photo are absent.
 */
export async function mainProductPhotos(db: Database, productIds: readonly number[], locale: Locale): Promise<Map<number, ImageRef>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productImages.productId, altFr: productImages.altFr, altEn: productImages.altEn, image: storedImageColumns })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(and(inArray(productImages.productId, [...new Set(productIds)]), eq(productImages.position, 0)));
  return new Map(rows.map((r) => [r.productId, toImageRef(r.image, localized(locale, r.altFr, r.altEn))]));
}

/** Every photo of a product, main photo first. */
export async function productPhotos(db: Database, productId: number): Promise<ProductPhoto[]> {
  return db
    .select({ position: productImages.position, altFr: productImages.altFr, altEn: productImages.altEn, image: storedImageColumns })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
}

/**
 * Adds a photo to a product, after its others (or as its main photo when it has none). The
 * same image already on the product only has its alt text updated.
 * @param db the transaction of the change (its audit row is the caller's).
 */
export async function addProductPhoto(db: Database, productId: number, image: StoredImage, alt: AltText): Promise<void> {
  await db
    .insert(productImages)
    .values({
      productId,
      imageId: image.id,
      position: sql`(select coalesce(max(${productImages.position}) + 1, 0) from ${productImages} where ${productImages.productId} = ${productId})`,
      ...alt,
    })
    .onConflictDoUpdate({ target: [productImages.productId, productImages.imageId], set: alt });
}

/**
 * Makes `image` the product's main photo in place of the current one (the bulk upload's
 * "replace"): the former main photo is removed, and its image deleted when nothing else shows it.
 * @returns whether a former main photo was replaced.
 */
export async function replaceMainProductPhoto(db: Database, productId: number, image: StoredImage, alt: AltText): Promise<boolean> {
  const [former] = await db
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.position, 0)))
    .returning({ imageId: productImages.imageId });
  // The same image further down the list moves up instead of being there twice.
  await db.delete(productImages).where(and(eq(productImages.productId, productId), eq(productImages.imageId, image.id)));
  await db.insert(productImages).values({ productId, imageId: image.id, position: 0, ...alt });
  await compactPositions(db, productId);
  if (former && former.imageId !== image.id) await deleteUnlinkedImages(db, [former.imageId]);
  return former !== undefined && former.imageId !== image.id;
}

/** Renumbers a product's photos 0, 1, 2… in their current order (after a removal). */
export async function compactPositions(db: Database, productId: number): Promise<void> {
  const rows = await db
    .select({ imageId: productImages.imageId })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
  for (const [position, row] of rows.entries()) {
    await db
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.productId, productId), eq(productImages.imageId, row.imageId)));
  }
}

/**
 * The photo and logo of each producer of `providerIds` that has them.
 * @returns provider id → `{ photo?, logo? }` with alt text in `locale`.
 */
export async function providerImagesOf(
  db: Database,
  providerIds: readonly number[],
  locale: Locale,
): Promise<Map<number, Partial<Record<"photo" | "logo", ImageRef>>>> {
  if (providerIds.length === 0) return new Map();
  const rows = await db
    .select({
      providerId: providerImages.providerId,
      role: providerImages.role,
      altFr: providerImages.altFr,
      altEn: providerImages.altEn,
      image: storedImageColumns,
    })
    .from(providerImages)
    .innerJoin(images, eq(images.id, providerImages.imageId))
    .where(inArray(providerImages.providerId, [...new Set(providerIds)]));
  const byProvider = new Map<number, Partial<Record<"photo" | "logo", ImageRef>>>();
  for (const row of rows) {
    const entry = byProvider.get(row.providerId) ?? {};
    entry[row.role === "PHOTO" ? "photo" : "logo"] = toImageRef(row.image, localized(locale, row.altFr, row.altEn));
    byProvider.set(row.providerId, entry);
  }
  return byProvider;
}

/**
 * Sets a producer's photo or logo, replacing the former one (whose image is deleted when nothing
 * else shows it).
 * @returns whether a former image was replaced.
 */
export async function setProviderImage(
  db: Database,
  providerId: number,
  role: ProviderImageRole,
  image: StoredImage,
  alt: AltText,
): Promise<boolean> {
  const [former] = await db
    .delete(providerImages)
    .where(and(eq(providerImages.providerId, providerId), eq(providerImages.role, role)))
    .returning({ imageId: providerImages.imageId });
  await db.insert(providerImages).values({ providerId, role, imageId: image.id, ...alt });
  if (former && former.imageId !== image.id) await deleteUnlinkedImages(db, [former.imageId]);
  return former !== undefined && former.imageId !== image.id;
}
