/**
 * The limits of photo uploads (decision 035), in one module without sharp so that the browser
 * (the forms' help text and checks) and the HTTP server's body-size guard can read them.
 */

/** Largest image upload taken, in bytes (a camera's full-size JPEG is 5 to 12 MB). */
export const MAX_IMAGE_UPLOAD_BYTES = 15 * 1024 * 1024;

/** Largest image taken, in pixels (width × height): 50 megapixels, a full-frame camera's. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Largest ZIP of the bulk photo upload (`/agence/photos`), in bytes. */
export const MAX_PHOTO_ZIP_BYTES = 200 * 1024 * 1024;

/** Most entries (files and folders) a ZIP of the bulk photo upload may hold. */
export const MAX_PHOTO_ZIP_ENTRIES = 2000;

/** Most bytes a ZIP of the bulk photo upload may hold once unpacked (declared, then counted). */
export const MAX_PHOTO_ZIP_UNPACKED_BYTES = 400 * 1024 * 1024;

/** Room for a form's other fields and the multipart envelope around an uploaded file. */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** `bytes` in megabytes for a message (15728640 → 15). */
export function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

/** `pixels` in megapixels for a message (50000000 → 50). */
export function megapixels(pixels: number): number {
  return Math.round(pixels / 1_000_000);
}

/**
 * The values of the limits in the refusal messages (`images.refused.<reason>`,
 * `photoImport.refused.<reason>`): `t(key, IMAGE_LIMIT_PARAMS)`.
 */
export const IMAGE_LIMIT_PARAMS = {
  megabytes: megabytes(MAX_IMAGE_UPLOAD_BYTES),
  megapixels: megapixels(MAX_IMAGE_PIXELS),
  zipMegabytes: megabytes(MAX_PHOTO_ZIP_BYTES),
  zipEntries: MAX_PHOTO_ZIP_ENTRIES,
  unpackedMegabytes: megabytes(MAX_PHOTO_ZIP_UNPACKED_BYTES),
} as const;
