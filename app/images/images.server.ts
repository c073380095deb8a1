/**
 * Stored images (decision 035): the cleaned originals live in the database (`images`), so every
 * app process sees the same image; the same bytes uploaded twice are one row.
 */
import { and, eq, inArray, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blogs, images, productImages, providerImages } from "~/db/schema";
import type { CleanedImage } from "./image-cleaning.server";
import type { ImageRef } from "./image-refs";

/** A stored image's row without its bytes: what pages and links need. */
export interface StoredImage {
  id: number;
  hash: string;
  width: number;
  height: number;
  dominantColor: string;
  placeholder: string;
}

/** The columns of {@link StoredImage}, for selects that join `images`. */
export const storedImageColumns = {
  id: images.id,
  hash: images.hash,
  width: images.width,
  height: images.height,
  dominantColor: images.dominantColor,
  placeholder: images.placeholder,
};

/**
 * Stores a cleaned image, or finds the row already holding the same bytes (and renews its time).
 * @param db the database or the transaction of the change that links the image.
 * @returns the stored image (its id, for the product's or producer's link).
 */
export async function storeImage(db: Database, image: CleanedImage): Promise<StoredImage> {
  const [inserted] = await db
    .insert(images)
    .values({
      hash: image.hash,
      format: image.format,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      dominantColor: image.dominantColor,
      placeholder: image.placeholder,
    })
    // The same bytes stored again: the row is the same, its time renewed, so that a sweep of
    // unlinked images ({@link sweepUnlinkedImages}) does not take an image just stored again.
    .onConflictDoUpdate({ target: images.hash, set: { createdAt: sql`now()` } })
    .returning(storedImageColumns);
  if (!inserted) throw new Error("an image insert returned no row");
  return inserted;
}

/** The stored image whose hash is `hash`, with its bytes; null when there is none. */
export async function readImageOriginal(db: Database, hash: string): Promise<(StoredImage & { bytes: Uint8Array }) | null> {
  const [row] = await db
    .select({ ...storedImageColumns, bytes: images.bytes })
    .from(images)
    .where(eq(images.hash, hash))
    .limit(1);
  return row ?? null;
}

/** A stored image with its alt text, as pages pass it to the browser. */
export function toImageRef(image: Omit<StoredImage, "id">, alt: string): ImageRef {
  return {
    hash: image.hash,
    width: image.width,
    height: image.height,
    dominantColor: image.dominantColor,
    placeholder: image.placeholder,
    alt,
  };
}

/**
 * The condition "nothing shows this image": no product photo, no producer image and no article
 * cover links it. Every place that may link an image is listed here, so that neither deletion
 * below takes an image still shown.
 */
function isUnlinkedImage(db: Database): SQL {
  const linkedBy = [
    db
      .select({ one: sql`1` })
      .from(productImages)
      .where(eq(productImages.imageId, images.id)),
    db
      .select({ one: sql`1` })
      .from(providerImages)
      .where(eq(providerImages.imageId, images.id)),
    db
      .select({ one: sql`1` })
      .from(blogs)
      .where(eq(blogs.coverImageId, images.id)),
  ];
  return and(...linkedBy.map((query) => notExists(query)))!;
}

/**
 * Deletes those of `candidateIds` that no product, producer or article links any more, with their
 * variants. Called after a photo or a cover is removed or replaced.
 * @returns how many were deleted.
 */
export async function deleteUnlinkedImages(db: Database, candidateIds: readonly number[]): Promise<number> {
  if (candidateIds.length === 0) return 0;
  const deleted = await db
    .delete(images)
    .where(and(inArray(images.id, [...candidateIds]), isUnlinkedImage(db)))
    .returning({ id: images.id });
  return deleted.length;
}

/**
 * Deletes the images created before `olderThan` that nothing links (a bulk upload's dry run that
 * was never confirmed, a photo removed while its deletion failed), with their variants.
 * @returns how many were deleted.
 */
export async function sweepUnlinkedImages(db: Database, olderThan: Date): Promise<number> {
  const deleted = await db
    .delete(images)
    .where(and(lt(images.createdAt, olderThan), isUnlinkedImage(db)))
    .returning({ id: images.id });
  return deleted.length;
}
