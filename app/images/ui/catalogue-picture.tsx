/**
 * A stored image on a page (decision 035): a `<picture>` offering AVIF, then WebP, then JPEG, each
 * in every served width (`srcset`), with the layout's `sizes`, the image's own width and height
 * (no layout shift) and, until it arrives, its tiny blurred placeholder drawn exactly where the
 * image will be (and, for a cropped image, its dominant colour).
 *
 * The placeholder is a class in a `<style>` carrying the request's CSP nonce (React hoists it to
 * the head, once per image), since the Content-Security-Policy refuses inline `style` attributes.
 * Only the server writes it: the browser keeps the server's styles, and an image first drawn by a
 * client-side navigation goes without a placeholder, since a style inserted then would be refused
 * on a shared page (its policy lists its HTML's styles by hash).
 *
 * `priority` is for the page's largest image (the product page's photo): fetched first, never
 * lazy; every other image loads lazily and decodes off the main thread.
 */
import { closestVariantWidth, type ImageRef, imageSrcSet, imageVariantUrl } from "~/images/image-refs";
import { useServerStyleNonce } from "~/styles/inline-stylesheet";

/** The class painting `image`'s placeholder, and its rule. */
function placeholderRule(image: ImageRef, fit: "contain" | "cover"): { className: string; css: string } {
  const className = `ph-${fit}-${image.hash.slice(0, 20)}`;
  // The placeholder has the image's proportions: `contain` lays it exactly under an
  // `object-contain` image, leaving the letterbox bare; `cover` fills the box like the image.
  const paint =
    fit === "cover"
      ? `background:${image.dominantColor} url("${image.placeholder}") center/cover no-repeat`
      : `background:url("${image.placeholder}") center/contain no-repeat`;
  return { className, css: `.${className}{${paint}}` };
}

export function CataloguePicture({
  image,
  sizes,
  className,
  priority = false,
  fit = "contain",
}: {
  image: ImageRef;
  /** The `sizes` attribute: how wide the image is drawn at each viewport ("(min-width: 768px) 25vw, 50vw"). */
  sizes: string;
  className?: string;
  priority?: boolean;
  /** How the image fills its box: as its `object-contain` or `object-cover` class draws it. */
  fit?: "contain" | "cover";
}) {
  const server = useServerStyleNonce();
  const placeholder = placeholderRule(image, fit);
  return (
    <picture>
      {server ? (
        <style href={placeholder.className} precedence="image-placeholders" nonce={server.nonce}>
          {placeholder.css}
        </style>
      ) : null}
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, "webp")} sizes={sizes} />
      <img
        src={imageVariantUrl(image.hash, closestVariantWidth(image.width, 640), "jpeg")}
        srcSet={imageSrcSet(image, "jpeg")}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        className={className ? `${placeholder.className} ${className}` : placeholder.className}
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
