/**
 * A stored image on a page (decision 035): a `<picture>` offering AVIF, then WebP, then JPEG, each
 * in every served width (`srcset`), with the layout's `sizes`, the image's own width and height
 * (no layout shift) and a neutral background until it arrives.
 *
 * `priority` is for the page's largest image (the product page's photo): fetched first, never
 * lazy; every other image loads lazily and decodes off the main thread.
 */
import { closestVariantWidth, type ImageRef, imageSrcSet, imageVariantUrl } from "~/images/image-refs";

export function CataloguePicture({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: ImageRef;
  /** The `sizes` attribute: how wide the image is drawn at each viewport ("(min-width: 768px) 25vw, 50vw"). */
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  // No `style` attribute: the shop's Content-Security-Policy allows no inline style (only the
  // nonce'd stylesheet), so the dominant colour and placeholder cannot be painted this way; a
  // neutral background stands in until the lead decides how to show them.
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, "webp")} sizes={sizes} />
      <img
        src={imageVariantUrl(image.hash, closestVariantWidth(image.width, 640), "jpeg")}
        srcSet={imageSrcSet(image, "jpeg")}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        className={className ? `bg-stone-100 ${className}` : "bg-stone-100"}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}

/**
 * The `<link rel="preload">` descriptor of a priority image (a route's `links()`): the browser
 * fetches the AVIF variant the `<picture>` will pick before the page's markup reaches it.
 */
export function preloadImageLink(image: Pick<ImageRef, "hash" | "width">, sizes: string) {
  return {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: imageSrcSet(image, "avif"),
    imageSizes: sizes,
    fetchPriority: "high",
  } as const;
}
