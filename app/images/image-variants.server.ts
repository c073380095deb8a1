/**
 * The variants served (decision 035): one per image, width and format, made with sharp the first
 * time it is asked for and kept in `image_variants`, so no process renders it twice; two
 * processes asking at once may both render it: the second insert is ignored and that process
 * serves the stored bytes, so both answer the same. Each process also keeps the most asked-for variants in memory.
 */
import { and, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import type { Database } from "~/db/client.server";
import { imageVariants } from "~/db/schema";
import { IMAGE_VARIANT_FORMATS, type ImageVariantFormat } from "~/vocabulary";
import { parseVariantFile, variantWidthsFor } from "./image-refs";
import { readImageOriginal } from "./images.server";

/** A variant's bytes and the type it is served with. */
export interface ImageVariant {
  bytes: Uint8Array;
  contentType: string;
}

const CONTENT_TYPES: Record<ImageVariantFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/**
 * Variants kept in each process's memory: up to 64 MB of the most recently served, per database.
 * Not a `createDatabaseCache`: that one is emptied at every change of the catalogue, and a
 * variant never changes (its URL names its content). Requests for the same variant at once
 * share one promise.
 */
const inMemory = new WeakMap<Database, LRUCache<string, Promise<ImageVariant | null>>>();
const MEMORY_BYTES = 64 * 1024 * 1024;

function memoryOf(db: Database): LRUCache<string, Promise<ImageVariant | null>> {
  let cache = inMemory.get(db);
  if (!cache) {
    cache = new LRUCache({ max: 4000, maxSize: MEMORY_BYTES, sizeCalculation: () => 1 });
    inMemory.set(db, cache);
  }
  return cache;
}

/**
 * The variant of image `hash` named by `file` (`640.avif`, `320.jpg`, …).
 * @returns the variant, or null when there is no such image or the file names no variant of it
 *   (a null is not kept: the image may be uploaded later).
 */
export async function imageVariant(db: Database, hash: string, file: string): Promise<ImageVariant | null> {
  const cache = memoryOf(db);
  const key = `${hash}/${file}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const made = loadOrMakeVariant(db, hash, file);
  cache.set(key, made);
  try {
    const variant = await made;
    if (cache.peek(key) === made) {
      cache.delete(key);
      if (variant) cache.set(key, made, { size: Math.max(1, variant.bytes.byteLength) });
    }
    return variant;
  } catch (error) {
    if (cache.peek(key) === made) cache.delete(key);
    throw error;
  }
}

async function loadOrMakeVariant(db: Database, hash: string, file: string): Promise<ImageVariant | null> {
  const original = await readImageOriginal(db, hash);
  if (!original) return null;
  const wanted = parseVariantFile(file, original.width);
  if (!wanted) return null;
  const readStored = async () => {
    const [stored] = await db
      .select({ bytes: imageVariants.bytes })
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, original.id), eq(imageVariants.width, wanted.width), eq(imageVariants.format, wanted.format)))
      .limit(1);
    return stored ? { bytes: stored.bytes, contentType: CONTENT_TYPES[wanted.format] } : null;
  };
  const stored = await readStored();
  if (stored) return stored;
  const bytes = await renderVariant(original.bytes, wanted.width, wanted.format);
  const [inserted] = await db
    .insert(imageVariants)
    .values({ imageId: original.id, width: wanted.width, format: wanted.format, bytes })
    .onConflictDoNothing()
    .returning({ width: imageVariants.width });
  // Another process stored it first: its bytes are served, so every process answers the same.
  if (!inserted) return (await readStored()) ?? { bytes, contentType: CONTENT_TYPES[wanted.format] };
  return { bytes, contentType: CONTENT_TYPES[wanted.format] };
}

/**
 * Renders one variant: `width` pixels wide (never enlarged), in `format`; a transparent PNG
 * becomes a JPEG on white. Metadata is never written.
 */
export async function renderVariant(original: Uint8Array, width: number, format: ImageVariantFormat): Promise<Uint8Array> {
  const resized = sharp(original).resize({ width, withoutEnlargement: true });
  const encoded =
    format === "avif"
      ? resized.avif({ quality: 55, effort: 4 })
      : format === "webp"
        ? resized.webp({ quality: 78 })
        : resized.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true, progressive: true });
  return new Uint8Array(await encoded.toBuffer());
}

/**
 * Makes and stores every variant of the images `hashes` that is not stored yet, one at a time
 * (AVIF at 1600 px costs seconds of one core: decision 035), so that the first visitor of a
 * freshly uploaded photo does not wait for it. Called after a bulk upload is confirmed (not
 * awaited) and by anything that stores images ahead of their first view (the demo seed).
 * Variants are not put in this process's memory: they are read from the table when asked for.
 * @returns how many variants were made.
 */
export async function warmImageVariants(db: Database, hashes: readonly string[]): Promise<number> {
  let made = 0;
  for (const hash of new Set(hashes)) {
    const original = await readImageOriginal(db, hash);
    if (!original) continue;
    const stored = new Set(
      (
        await db
          .select({ width: imageVariants.width, format: imageVariants.format })
          .from(imageVariants)
          .where(eq(imageVariants.imageId, original.id))
      ).map((v) => `${v.width}.${v.format}`),
    );
    // Small widths first: cards and lists need them most.
    for (const width of variantWidthsFor(original.width)) {
      for (const format of IMAGE_VARIANT_FORMATS) {
        if (stored.has(`${width}.${format}`)) continue;
        const bytes = await renderVariant(original.bytes, width, format);
        await db.insert(imageVariants).values({ imageId: original.id, width, format, bytes }).onConflictDoNothing();
        made++;
      }
    }
  }
  return made;
}

let warmUps: Promise<void> = Promise.resolve();

/**
 * {@link warmImageVariants} without waiting for it: one warm-up at a time in this process, after
 * the ones asked for before; a failure is logged (no personal data: a count and a message).
 */
export function warmImageVariantsLater(db: Database, hashes: readonly string[]): void {
  warmUps = warmUps
    .then(() => warmImageVariants(db, hashes))
    .then(
      () => undefined,
      (error: unknown) =>
        console.error(
          `image variants warm-up of ${hashes.length} images failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
}
