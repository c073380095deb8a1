/**
 * The stored photos as the shop's pages show them (docs/decisions/038-photos-on-pages.md): the
 * main photo of each product of a page (one query for the whole page, whatever its size), every
 * photo of a product page, and a producer's photo and logo. A product or producer without a
 * photo gets `null` and its page shows the generated image instead.
 */
import type { Database } from "~/db/client.server";
import { closestVariantWidth, type ImageRef, imageVariantUrl } from "~/images/image-refs";
import { toImageRef } from "~/images/images.server";
import { localized } from "~/lib/localized";
import type { Locale } from "~/vocabulary";
import { mainProductPhotos, productPhotos, providerImagesOf } from "./catalogue-photos.server";

/** A page item with its product's main photo (`null`: the generated image is shown). */
export type WithPhoto<T> = T & { photo: ImageRef | null };

/**
 * Adds each item's main photo, read in one query for all the items (the page's product ids).
 * @param items list rows carrying their `productId` (a product in several channels is read once)
 * @returns the items in the same order, each with `photo`
 */
export async function withMainPhotos<T extends { productId: number }>(
  db: Database,
  items: readonly T[],
  locale: Locale,
): Promise<WithPhoto<T>[]> {
  const photos = await mainProductPhotos(
    db,
    items.map((i) => i.productId),
    locale,
  );
  return items.map((item) => ({ ...item, photo: photos.get(item.productId) ?? null }));
}

/**
 * Every photo of a product page, main photo first, with alt text in `locale`.
 * @returns an empty list when the product has no photo
 */
export async function productPagePhotos(db: Database, productId: number, locale: Locale): Promise<ImageRef[]> {
  const photos = await productPhotos(db, productId);
  return photos.map((p) => toImageRef(p.image, localized(locale, p.altFr, p.altEn)));
}

/** A producer's photo and logo (each null when it has none). */
export interface ProviderPictures {
  photo: ImageRef | null;
  logo: ImageRef | null;
}

/**
 * Adds each producer's photo and logo, read in one query for all of them.
 * @returns the producers in the same order, each with `photo` and `logo`
 */
export async function withProviderPictures<T extends { id: number }>(
  db: Database,
  providers: readonly T[],
  locale: Locale,
): Promise<(T & ProviderPictures)[]> {
  const pictures = await providerImagesOf(
    db,
    providers.map((p) => p.id),
    locale,
  );
  return providers.map((p) => {
    const found = pictures.get(p.id);
    return { ...p, photo: found?.photo ?? null, logo: found?.logo ?? null };
  });
}

/**
 * The absolute URLs of a product's photos for its `Product` JSON-LD and OpenGraph: each photo's
 * JPEG variant of 1280 pixels (or its largest when smaller), which search engines' merchant
 * listings take.
 */
export function structuredDataImageUrls(photos: readonly Pick<ImageRef, "hash" | "width">[]): string[] {
  return photos.map((p) => imageVariantUrl(p.hash, closestVariantWidth(p.width, STRUCTURED_DATA_IMAGE_WIDTH), "jpeg"));
}

/** The width of the JPEG named in JSON-LD and OpenGraph (Google asks for at least 50,000 pixels; 1200 wide for large previews). */
const STRUCTURED_DATA_IMAGE_WIDTH = 1280;
