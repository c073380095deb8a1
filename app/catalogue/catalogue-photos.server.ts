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

/**
 * Moves one photo of a product a place up (towards the main photo) or down, swapping it with its
 * neighbour; at either end of the list it stays where it is.
 * @returns `notFound` when the product has no such photo, `unchanged` at an end, else `moved`.
 */
export async function moveProductPhoto(
  db: Database,
  productId: number,
  imageId: number,
  direction: "up" | "down",
): Promise<"moved" | "unchanged" | "notFound"> {
  const order = await photoOrder(db, productId);
  const index = order.indexOf(imageId);
  if (index < 0) return "notFound";
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= order.length) return "unchanged";
  [order[index], order[target]] = [order[target]!, order[index]!];
  await writePhotoOrder(db, productId, order);
  return "moved";
}

/**
 * Makes one photo of a product its main photo (position 0); the others keep their order after it.
 * @returns `notFound` when the product has no such photo, `unchanged` when it is already the main one.
 */
export async function setMainProductPhoto(db: Database, productId: number, imageId: number): Promise<"moved" | "unchanged" | "notFound"> {
  const order = await photoOrder(db, productId);
  const index = order.indexOf(imageId);
  if (index < 0) return "notFound";
  if (index === 0) return "unchanged";
  await writePhotoOrder(db, productId, [imageId, ...order.filter((id) => id !== imageId)]);
  return "moved";
}

/**
 * Removes one photo from a product (the next one becomes the main photo when it was the main one)
 * and deletes its image when nothing else shows it.
 * @returns whether the product had that photo.
 */
export async function removeProductPhoto(db: Database, productId: number, imageId: number): Promise<boolean> {
  const removed = await db
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.imageId, imageId)))
    .returning({ imageId: productImages.imageId });
  if (removed.length === 0) return false;
  await compactPositions(db, productId);
  await deleteUnlinkedImages(db, [imageId]);
  return true;
}

/**
 * Removes a producer's photo or logo and deletes its image when nothing else shows it.
 * @returns the removed image's id, or null when the producer had none in that role.
 */
export async function removeProviderImage(db: Database, providerId: number, role: ProviderImageRole): Promise<number | null> {
  const [removed] = await db
    .delete(providerImages)
    .where(and(eq(providerImages.providerId, providerId), eq(providerImages.role, role)))
    .returning({ imageId: providerImages.imageId });
  if (!removed) return null;
  await deleteUnlinkedImages(db, [removed.imageId]);
  return removed.imageId;
}

/** A producer's photo and logo with both alt texts, as the staff page lists them. */
export async function providerImagesForStaff(
  db: Database,
  providerId: number,
): Promise<Partial<Record<ProviderImageRole, AltText & { image: StoredImage }>>> {
  const rows = await db
    .select({ role: providerImages.role, altFr: providerImages.altFr, altEn: providerImages.altEn, image: storedImageColumns })
    .from(providerImages)
    .innerJoin(images, eq(images.id, providerImages.imageId))
    .where(eq(providerImages.providerId, providerId));
  return Object.fromEntries(rows.map(({ role, ...rest }) => [role, rest]));
}

/** The image ids of a product's photos, main photo first. */
async function photoOrder(db: Database, productId: number): Promise<number[]> {
  const rows = await db
    .select({ imageId: productImages.imageId })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
  return rows.map((r) => r.imageId);
}

/** Writes positions 0, 1, 2… in the order of `imageIds` (positions carry no unique index). */
async function writePhotoOrder(db: Database, productId: number, imageIds: readonly number[]): Promise<void> {
  for (const [position, imageId] of imageIds.entries()) {
    await db
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.productId, productId), eq(productImages.imageId, imageId)));
  }
}
