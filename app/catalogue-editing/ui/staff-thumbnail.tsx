/**
 * A stored image as the staff's pages list it: a small `<picture>` (AVIF, WebP, JPEG in every
 * served width) with its own width, height and alt text, lazily loaded.
 *
 * Not `<CataloguePicture>`: its placeholder is an inline `style` attribute, which the shop's
 * Content-Security-Policy (`style-src 'self' 'nonce-…'`) blocks in the server's HTML (the page
 * without JavaScript logs a violation). Once the image core paints its placeholder another way,
 * this can become a `<CataloguePicture>` again.
 */
import { closestVariantWidth, type ImageRef, imageSrcSet, imageVariantUrl } from "~/images/image-refs";

export function StaffThumbnail({ image, sizes, className }: { image: ImageRef; sizes: string; className?: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, "webp")} sizes={sizes} />
      <img
        src={imageVariantUrl(image.hash, closestVariantWidth(image.width, 160), "jpeg")}
        srcSet={imageSrcSet(image, "jpeg")}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        className={className}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
