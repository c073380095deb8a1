/**
 * Cleaning an uploaded image (decision 035): what the shop stores is never the file as sent.
 *
 * - The format is read from the content (sharp's decoder), never from the name or the declared
 *   type: only JPEG, PNG, WebP and AVIF are taken.
 * - Files over {@link MAX_IMAGE_UPLOAD_BYTES}, images over {@link MAX_IMAGE_PIXELS} (a
 *   decompression bomb is refused from its header, before it is decoded) and files that do not
 *   decode to the end are refused.
 * - The orientation is applied, the colour converted to sRGB, and every metadata block (EXIF with
 *   its GPS position, XMP, IPTC, the camera's ICC profile) dropped by re-encoding the pixels.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { ImageFormat } from "~/vocabulary";
import { MAX_IMAGE_PIXELS, MAX_IMAGE_UPLOAD_BYTES } from "./image-limits";

/** Longest side kept, in pixels: larger photos are reduced (the largest variant is 1600 px wide). */
export const MAX_STORED_SIDE = 2400;

/** Why an upload was refused; each has a message `images.refused.<reason>` in both languages. */
export type ImageRefusal = "empty" | "tooLarge" | "notAnImage" | "tooManyPixels" | "corrupt";

/** An image as the shop stores it: cleaned bytes, their hash and what the first paint needs. */
export interface CleanedImage {
  /** SHA-256 of `bytes`, hex. */
  hash: string;
  format: ImageFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
  /** "#rrggbb". */
  dominantColor: string;
  /** `data:image/webp;base64,…`, a few hundred bytes. */
  placeholder: string;
}

type Sharp = ReturnType<typeof sharp>;
type Metadata = Awaited<ReturnType<Sharp["metadata"]>>;

const TAKEN_FORMATS: Partial<Record<string, ImageFormat>> = { jpeg: "jpeg", png: "png", webp: "webp", heif: "avif" };

/**
 * Checks and cleans one uploaded file.
 * @param bytes the file as sent.
 * @returns `{ ok: true, image }` with the cleaned image, or `{ ok: false, refusal }` saying why it
 *   was refused; never throws for a bad file.
 */
export async function cleanImage(bytes: Uint8Array): Promise<{ ok: true; image: CleanedImage } | { ok: false; refusal: ImageRefusal }> {
  if (bytes.byteLength === 0) return { ok: false, refusal: "empty" };
  if (bytes.byteLength > MAX_IMAGE_UPLOAD_BYTES) return { ok: false, refusal: "tooLarge" };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, refusal: "notAnImage" };
  }
  const format = TAKEN_FORMATS[metadata.format];
  // HEIF holds HEIC photos too: only its AV1 flavour (AVIF) is taken.
  if (!format || (metadata.format === "heif" && metadata.compression !== "av1")) return { ok: false, refusal: "notAnImage" };
  if (!metadata.width || !metadata.height) return { ok: false, refusal: "corrupt" };
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) return { ok: false, refusal: "tooManyPixels" };
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .autoOrient()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb");
    const encoded = await encodeAs(pipeline, format).toBuffer({ resolveWithObject: true });
    const cleaned = new Uint8Array(encoded.data);
    const [dominantColor, placeholder] = await Promise.all([dominantColorOf(cleaned), placeholderOf(cleaned)]);
    return {
      ok: true,
      image: {
        hash: createHash("sha256").update(cleaned).digest("hex"),
        format,
        width: encoded.info.width,
        height: encoded.info.height,
        bytes: cleaned,
        dominantColor,
        placeholder,
      },
    };
  } catch {
    return { ok: false, refusal: "corrupt" };
  }
}

/** Re-encodes in the upload's own format (no metadata is kept: sharp writes none unless asked). */
function encodeAs(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case "jpeg":
      // libjpeg-turbo, not mozjpeg: three times faster on a 2400 px photo, and this copy is only
      // the source of the variants (which do use mozjpeg).
      return pipeline.jpeg({ quality: 90 });
    case "png":
      return pipeline.png({ compressionLevel: 9 });
    case "webp":
      return pipeline.webp({ quality: 90 });
    case "avif":
      return pipeline.avif({ quality: 70 });
  }
}

/** The dominant colour, measured on a 64-pixel copy (ten times faster than on the whole photo, same answer). */
async function dominantColorOf(bytes: Uint8Array): Promise<string> {
  const small = await sharp(bytes).resize({ width: 64, height: 64, fit: "inside" }).png().toBuffer();
  const { dominant } = await sharp(small).stats();
  return `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** A 16-pixel-wide, blurred WebP as a data URL: enough for the first paint's shape and colours. */
async function placeholderOf(bytes: Uint8Array): Promise<string> {
  const tiny = await sharp(bytes).resize({ width: 16, height: 16, fit: "inside" }).blur(1).webp({ quality: 40 }).toBuffer();
  return `data:image/webp;base64,${tiny.toString("base64")}`;
}
