/**
 * What a page needs to show a stored image (decision 035), shared with the browser: its content
 * hash, size, first-paint colour and placeholder, and the URLs of its variants.
 *
 * A variant's URL is `/media/{hash}/{width}.{format}`: the hash is the SHA-256 of the image's
 * cleaned bytes, so a URL never changes meaning and is served `immutable` for a year.
 */
import type { ImageVariantFormat } from "~/vocabulary";

/**
 * Widths of the variants, in pixels, from a thumbnail to a large screen's product photo. An
 * image is never enlarged: widths above the original's are left out, and the original's own
 * width is added when it falls between two.
 */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;

/** The width of the JPEG an e-mail shows (mail clients take neither srcset nor AVIF). */
export const EMAIL_IMAGE_WIDTH = 320;

/** A stored image as a page shows it: sizes in pixels of the cleaned original, alt text in the page's language. */
export interface ImageRef {
  /** SHA-256 of the cleaned original, hex (64 characters). */
  hash: string;
  width: number;
  height: number;
  /** "#rrggbb", painted behind the image until it arrives. */
  dominantColor: string;
  /** A `data:image/webp;base64,…` URL of a tiny blurred version. */
  placeholder: string;
  alt: string;
}

const HASH = /^[0-9a-f]{64}$/;

/** Whether `value` is an image hash as URLs carry it. */
export function isImageHash(value: string): boolean {
  return HASH.test(value);
}

/** The URL of one variant: `/media/{hash}/{width}.{format}` (the format's extension: avif, webp, jpg). */
export function imageVariantUrl(hash: string, width: number, format: ImageVariantFormat): string {
  return `/media/${hash}/${width}.${format === "jpeg" ? "jpg" : format}`;
}

/**
 * The widths served for an image `originalWidth` pixels wide, smallest first: every
 * {@link VARIANT_WIDTHS} entry below it, then the original's width (capped at the largest).
 */
export function variantWidthsFor(originalWidth: number): number[] {
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const top = Math.min(originalWidth, largest);
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < top);
  widths.push(top);
  return widths;
}

/** The `srcset` of an image in one format: every width of {@link variantWidthsFor}, `url 320w, …`. */
export function imageSrcSet(image: Pick<ImageRef, "hash" | "width">, format: ImageVariantFormat): string {
  return variantWidthsFor(image.width)
    .map((w) => `${imageVariantUrl(image.hash, w, format)} ${w}w`)
    .join(", ");
}

/**
 * The variant width to ask for when a single URL is needed (an e-mail, JSON-LD, a preload
 * fallback): the smallest served width at least `wanted` pixels wide, else the largest served.
 */
export function closestVariantWidth(originalWidth: number, wanted: number): number {
  const widths = variantWidthsFor(originalWidth);
  return widths.find((w) => w >= wanted) ?? widths[widths.length - 1]!;
}

const FORMAT_OF_EXTENSION: Partial<Record<string, ImageVariantFormat>> = { avif: "avif", webp: "webp", jpg: "jpeg" };

/**
 * Parses a variant's file name (`640.avif`, `320.jpg`).
 * @returns the width and format, or null when the name is not one this shop serves for an image
 *   `originalWidth` pixels wide (a width not in {@link variantWidthsFor}, an unknown extension).
 */
export function parseVariantFile(file: string, originalWidth: number): { width: number; format: ImageVariantFormat } | null {
  const match = /^([1-9]\d{0,3})\.(avif|webp|jpg)$/.exec(file);
  if (!match) return null;
  const width = Number(match[1]);
  if (!variantWidthsFor(originalWidth).includes(width)) return null;
  const format = FORMAT_OF_EXTENSION[match[2]!];
  return format ? { width, format } : null;
}
