/**
 * A product's or producer's picture wherever the shop shows one (docs/decisions/038-photos-on-pages.md):
 * its stored photo as a sized `<picture>` when it has one, else the generated image (the bottle
 * in the product's colour, the producer's monogram). Both fill the same box (`className`), so a
 * list mixing photos and generated images stays aligned and nothing shifts as they load.
 */
import { productImageSrc, providerImageSrc } from "~/catalogue/links";
import type { ImageRef } from "~/images/image-refs";
import { CataloguePicture } from "~/images/ui/catalogue-picture";

/**
 * The `sizes` of each layout, in CSS pixels drawn (the box's width class beside it). A phone at
 * Lighthouse's 2.625 device pixel ratio picks the variant just above width × 2.625.
 */
export const PICTURE_SIZES = {
  /** Product card of the lists, home, producer pages (`w-24`). */
  card: "96px",
  /** Search results, checkout review (`w-12`). */
  row: "48px",
  /** Cart line (`w-16`). */
  cartLine: "64px",
  /** Product page gallery thumbnail (`w-16`). */
  thumbnail: "64px",
  /** Product page main photo: `w-56` on a phone, `w-80` from the md breakpoint (1024 px). */
  productMain: "(min-width: 1024px) 320px, 224px",
  /** Producer page photo: the column's width on a phone (main padding 1 rem each side), `w-96` from md. */
  providerHero: "(min-width: 1024px) 384px, calc(100vw - 2rem)",
  /** Producer page logo (`h-16`, at most `w-40`). */
  providerLogo: "160px",
  /** Producer tile and list row (`w-16`, `w-10`). */
  providerCard: "64px",
} as const;

/**
 * A product's main photo, or its generated bottle. Lazy unless `priority` (the page's largest image).
 * @param alt the fallback's alt text ("" when the name is written next to it)
 */
export function ProductImage({
  photo,
  product,
  sizes,
  className,
  priority = false,
  fallbackAlt = "",
}: {
  photo: ImageRef | null;
  product: { colorCode: string | null; typeCode: string };
  sizes: string;
  className: string;
  priority?: boolean;
  fallbackAlt?: string;
}) {
  if (photo) return <CataloguePicture image={photo} sizes={sizes} className={`object-contain ${className}`} priority={priority} />;
  return (
    <img
      src={productImageSrc(product)}
      alt={fallbackAlt}
      width={120}
      height={200}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className={`object-contain ${className}`}
    />
  );
}

/** A producer's photo, else its logo, else its generated monogram: a square `className` box. */
export function ProviderImage({
  provider,
  sizes,
  className,
}: {
  provider: { slug: string; imageColor: string | null; photo: ImageRef | null; logo: ImageRef | null };
  sizes: string;
  className: string;
}) {
  if (provider.photo) return <CataloguePicture image={provider.photo} sizes={sizes} className={`object-cover ${className}`} fit="cover" />;
  if (provider.logo) return <CataloguePicture image={provider.logo} sizes={sizes} className={`bg-white object-contain ${className}`} />;
  return <img src={providerImageSrc(provider)} alt="" width={96} height={96} loading="lazy" decoding="async" className={className} />;
}
