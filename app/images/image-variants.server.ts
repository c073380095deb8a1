/**
 * The variants served (decision 035): one per image, width and format, made with sharp the first
 * time it is asked for and kept in `image_variants`, so no process renders it twice; two
 * processes asking at once may both render it, and the second insert is ignored (the same
 * bytes either way). Each process also keeps the most asked-for variants in memory.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { createDatabaseCache } from "~/cache.server";
import type { Database } from "~/db/client.server";
import { imageVariants } from "~/db/schema";
import type { ImageVariantFormat } from "~/vocabulary";
import { parseVariantFile } from "./image-refs";
import { readImageOriginal } from "./images.server";

/** A variant's bytes and the type it is served with. */
export interface ImageVariant {
  bytes: Uint8Array;
  contentType: string;
}

const CONTENT_TYPES: Record<ImageVariantFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/** Variants kept in each process's memory: up to 64 MB of the most recently served. */
const inMemory = createDatabaseCache<string, ImageVariant>({
  ttlMs: 0,
  maxEntries: 4000,
  maxBytes: { total: 64 * 1024 * 1024, of: (v) => v.bytes.byteLength },
});

/** Thrown inside the cache's computation for a variant that does not exist, so it is not kept. */
class NoSuchVariant extends Error {}

/**
 * The variant of image `hash` named by `file` (`640.avif`, `320.jpg`, …).
 * @returns the variant, or null when there is no such image or the file names no variant of it.
 */
export async function imageVariant(db: Database, hash: string, file: string): Promise<ImageVariant | null> {
  try {
    return await inMemory(db, `${hash}/${file}`, async () => {
      const variant = await loadOrMakeVariant(db, hash, file);
      if (!variant) throw new NoSuchVariant();
      return variant;
    });
  } catch (error) {
    if (error instanceof NoSuchVariant) return null;
    throw error;
  }
}

async function loadOrMakeVariant(db: Database, hash: string, file: string): Promise<ImageVariant | null> {
  const original = await readImageOriginal(db, hash);
  if (!original) return null;
  const wanted = parseVariantFile(file, original.width);
  if (!wanted) return null;
  const [stored] = await db
    .select({ bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, original.id), eq(imageVariants.width, wanted.width), eq(imageVariants.format, wanted.format)))
    .limit(1);
  if (stored) return { bytes: stored.bytes, contentType: CONTENT_TYPES[wanted.format] };
  const bytes = await renderVariant(original.bytes, wanted.width, wanted.format);
  await db.insert(imageVariants).values({ imageId: original.id, width: wanted.width, format: wanted.format, bytes }).onConflictDoNothing();
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
