/**
 * The thumbnails of an order e-mail's lines (docs/decisions/038-photos-on-pages.md): each line's
 * product's main photo as one JPEG of a fixed width, by absolute URL (mail clients take neither
 * `srcset` nor AVIF, and many refuse relative URLs).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { images, productImages, productInventories } from "~/db/schema";
import type { MailBlockImage } from "~/email/mail-layout.server";
import { closestVariantWidth, EMAIL_IMAGE_WIDTH, type ImageRef, imageVariantUrl } from "~/images/image-refs";
import { localized } from "~/lib/localized";
import type { Locale } from "~/vocabulary";

/**
 * The e-mail thumbnail of an image: its JPEG variant {@link EMAIL_IMAGE_WIDTH} pixels wide (or the
 * image's own width when narrower) on `origin`, its height in proportion.
 */
export function mailImageOf(image: Pick<ImageRef, "hash" | "width" | "height" | "alt">, origin: string): MailBlockImage {
  const width = closestVariantWidth(image.width, EMAIL_IMAGE_WIDTH);
  return {
    url: `${origin}${imageVariantUrl(image.hash, width, "jpeg")}`,
    width,
    height: Math.max(1, Math.round((image.height * width) / image.width)),
    alt: image.alt,
  };
}

/**
 * The main photo of the product of each product inventory of `productInventoryIds` (order lines
 * name channels), as e-mail thumbnails on `origin` with alt text in `locale`.
 * @returns product inventory id → thumbnail; lines whose product has no photo are absent. One query.
 */
export async function mailPhotosOfChannels(
  db: Database,
  productInventoryIds: readonly number[],
  locale: Locale,
  origin: string,
): Promise<Map<number, MailBlockImage>> {
  if (productInventoryIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: productInventories.id,
      hash: images.hash,
      width: images.width,
      height: images.height,
      altFr: productImages.altFr,
      altEn: productImages.altEn,
    })
    .from(productInventories)
    .innerJoin(productImages, and(eq(productImages.productId, productInventories.productId), eq(productImages.position, 0)))
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(inArray(productInventories.id, [...new Set(productInventoryIds)]));
  return new Map(rows.map((r) => [r.id, mailImageOf({ ...r, alt: localized(locale, r.altFr, r.altEn) }, origin)]));
}
