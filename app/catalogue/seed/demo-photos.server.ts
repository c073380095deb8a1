/**
 * Photos for the demo catalogue (decision 035, "Demo label art"): each demo product without a
 * photo gets its drawn bottle shot as its main photo, each demo producer without a photo or a
 * logo gets its drawn landscape and monogram (./label-art.server.ts). They go through the same
 * path as an upload — `cleanImage`, `storeImage`, then the product's or producer's photo link —
 * so the demo exercises the pipeline the agency's photos take.
 *
 * Drawing and cleaning cost about half a second per image, so finished images are kept in a
 * folder (`cacheDir`), named by a hash of what was drawn: only the first seed on a machine pays.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import pLimit from "p-limit";
import { type AltText, replaceMainProductPhoto, setProviderImage } from "~/catalogue/catalogue-photos.server";
import type { Database } from "~/db/client.server";
import { productImages, providerImages } from "~/db/schema";
import { type CleanedImage, cleanImage } from "~/images/image-cleaning.server";
import { storeImage } from "~/images/images.server";
import type { ProviderImageRole } from "~/vocabulary";
import type { DemoCatalogue, DemoProduct, DemoProvider } from "./demo-catalogue";
import {
  LABEL_ART_VERSION,
  type ProductArtInput,
  productArtSvg,
  type ProviderArtInput,
  providerLogoSvg,
  providerPhotoSvg,
  rasterizeArt,
} from "./label-art.server";

/** How the demo photos are made. */
export interface DemoPhotoOptions {
  /**
   * Folder keeping finished images between seeds (created if missing), or null to draw every
   * image afresh. Files are `<key>.jpg` (the cleaned image) and `<key>.json` (its size, hash,
   * colour and placeholder); a damaged or foreign file is ignored and drawn again.
   */
  cacheDir: string | null;
  /** Images drawn at once (default: the machine's cores, at least 2). */
  concurrency?: number;
}

/** What a demo photo seed did: links written, and how many images were drawn or found in the cache. */
export interface DemoPhotoCounts {
  productPhotos: number;
  providerImages: number;
  drawn: number;
  cached: number;
}

/** One image to make and link. */
interface Job {
  /** Names the drawing: the cache key is a hash of it. */
  what: unknown;
  svg: () => string;
  link: (db: Database, image: Awaited<ReturnType<typeof storeImage>>) => Promise<unknown>;
}

/** The label of a demo product's drawn photo. */
export function productArtInput(product: DemoProduct, provider: DemoProvider): ProductArtInput {
  return {
    producer: provider.name,
    name: product.nameFr,
    vintage: product.vintage,
    kind: product.kindFr,
    volumeMl: product.volumeMl,
    typeCode: product.typeCode,
    colorCode: product.colorCode,
    accent: provider.imageColor,
  };
}

/**
 * The alt text of a demo product's photo, in both languages: what the label shows, the
 * product's name with its vintage, then its producer ("Morgon 2022, Marcel Lapierre").
 */
export function productPhotoAlt(product: DemoProduct, provider: DemoProvider): AltText {
  const vintage = product.vintage !== null ? ` ${product.vintage}` : "";
  return { altFr: `${product.nameFr}${vintage}, ${provider.name}`, altEn: `${product.nameEn}${vintage}, ${provider.name}` };
}

/** The alt text of a demo producer's drawn photo or logo, in both languages. */
export function providerImageAlt(provider: DemoProvider, role: ProviderImageRole): AltText {
  return role === "PHOTO"
    ? { altFr: `${provider.name} : paysage du domaine (illustration)`, altEn: `${provider.name}: the estate's landscape (illustration)` }
    : { altFr: `Logo de ${provider.name}`, altEn: `${provider.name} logo` };
}

/**
 * Gives the demo catalogue's products and producers their drawn photos, where they have none
 * (a photo the agency uploaded is never replaced, and a second seed adds nothing).
 *
 * Images are drawn and cleaned in parallel outside any transaction, then stored and linked in
 * one transaction.
 *
 * @param ids the demo rows' ids: product id by puid, provider id by slug (rows absent are skipped)
 * @returns how many photo links were written and how many images were drawn or read from the cache
 */
export async function seedDemoPhotos(
  db: Database,
  catalogue: DemoCatalogue,
  ids: { productIds: ReadonlyMap<string, number>; providerIds: ReadonlyMap<string, number> },
  options: DemoPhotoOptions,
): Promise<DemoPhotoCounts> {
  const productIdList = [...ids.productIds.values()];
  const providerIdList = [...ids.providerIds.values()];
  const [withPhoto, providerRoles] = await Promise.all([
    productIdList.length === 0
      ? []
      : db
          .select({ productId: productImages.productId })
          .from(productImages)
          .where(and(inArray(productImages.productId, productIdList), eq(productImages.position, 0))),
    providerIdList.length === 0
      ? []
      : db
          .select({ providerId: providerImages.providerId, role: providerImages.role })
          .from(providerImages)
          .where(inArray(providerImages.providerId, providerIdList)),
  ]);
  const hasPhoto = new Set(withPhoto.map((r) => r.productId));
  const hasRole = new Set(providerRoles.map((r) => `${r.providerId}:${r.role}`));
  const providersBySlug = new Map(catalogue.providers.map((p) => [p.slug, p]));

  const jobs: Job[] = [];
  let productPhotos = 0;
  let providerLinks = 0;
  for (const provider of catalogue.providers) {
    const providerId = ids.providerIds.get(provider.slug);
    if (providerId === undefined) continue;
    const art: ProviderArtInput = { slug: provider.slug, name: provider.name, color: provider.imageColor };
    for (const role of ["PHOTO", "LOGO"] as const) {
      if (hasRole.has(`${providerId}:${role}`)) continue;
      providerLinks++;
      jobs.push({
        what: { role, art },
        svg: () => (role === "PHOTO" ? providerPhotoSvg(art) : providerLogoSvg(art)),
        link: (tx, image) => setProviderImage(tx, providerId, role, image, providerImageAlt(provider, role)),
      });
    }
  }
  for (const product of catalogue.products) {
    const productId = ids.productIds.get(product.puid);
    const provider = providersBySlug.get(product.providerSlug);
    if (productId === undefined || !provider || hasPhoto.has(productId)) continue;
    const art = productArtInput(product, provider);
    productPhotos++;
    jobs.push({
      what: { role: "PRODUCT", art },
      svg: () => productArtSvg(art),
      link: (tx, image) => replaceMainProductPhoto(tx, productId, image, productPhotoAlt(product, provider)),
    });
  }
  if (jobs.length === 0) return { productPhotos: 0, providerImages: 0, drawn: 0, cached: 0 };

  if (options.cacheDir) await mkdir(options.cacheDir, { recursive: true });
  const limit = pLimit(options.concurrency ?? Math.max(2, availableParallelism()));
  let drawn = 0;
  const images = await Promise.all(
    jobs.map((job) =>
      limit(async () => {
        const key = cacheKey(job.what);
        const kept = options.cacheDir ? await readCached(options.cacheDir, key) : null;
        if (kept) return kept;
        const image = await drawAndClean(job.svg());
        drawn++;
        if (options.cacheDir) await writeCached(options.cacheDir, key, image);
        return image;
      }),
    ),
  );

  await db.transaction(async (tx) => {
    for (const [i, job] of jobs.entries()) await job.link(tx, await storeImage(tx, images[i]!));
  });
  return { productPhotos, providerImages: providerLinks, drawn, cached: jobs.length - drawn };
}

/** Draws one image and cleans it as an upload is cleaned. */
export async function drawAndClean(svg: string): Promise<CleanedImage> {
  const cleaned = await cleanImage(await rasterizeArt(svg));
  // A drawing the cleaner refuses is a bug of the drawing, not a bad upload.
  if (!cleaned.ok) throw new Error(`A demo drawing was refused by the image cleaner (${cleaned.refusal}).`);
  return cleaned.image;
}

/** The cache key of a drawing: SHA-256 of the drawings' version and what is drawn. */
function cacheKey(what: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify({ version: LABEL_ART_VERSION, what }))
    .digest("hex");
}

type CachedMeta = Omit<CleanedImage, "bytes">;

async function readCached(dir: string, key: string): Promise<CleanedImage | null> {
  try {
    const [meta, bytes] = await Promise.all([
      readFile(path.join(dir, `${key}.json`), "utf8").then((text) => JSON.parse(text) as CachedMeta),
      readFile(path.join(dir, `${key}.jpg`)),
    ]);
    // A file cut short or replaced is not trusted: the bytes must be those the hash names.
    if (createHash("sha256").update(bytes).digest("hex") !== meta.hash) return null;
    return { ...meta, bytes: new Uint8Array(bytes) };
  } catch {
    return null;
  }
}

/** Writes both files under temporary names, then renames them: a reader never sees half a file. */
async function writeCached(dir: string, key: string, image: CleanedImage): Promise<void> {
  const { bytes, ...meta } = image;
  const suffix = `.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(path.join(dir, `${key}.jpg${suffix}`), bytes);
    await writeFile(path.join(dir, `${key}.json${suffix}`), JSON.stringify(meta));
    await rename(path.join(dir, `${key}.jpg${suffix}`), path.join(dir, `${key}.jpg`));
    await rename(path.join(dir, `${key}.json${suffix}`), path.join(dir, `${key}.json`));
  } catch {
    // The cache is only a saving: a read-only or full disk draws again next time.
  }
}
