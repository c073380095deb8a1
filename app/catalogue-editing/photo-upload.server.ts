/**
 * An uploaded photo of a staff form, checked and cleaned by the image core before anything is
 * stored (decision 035): a refused file is a message key `images.refused.<reason>` for the form.
 */
import { type CleanedImage, cleanImage } from "~/images/image-cleaning.server";

/**
 * Reads and cleans the file of a photo form.
 * @returns the cleaned image, or the i18n key of why it was refused (nothing stored either way).
 */
export async function cleanUploadedPhoto(file: File): Promise<{ ok: true; image: CleanedImage } | { ok: false; errorKey: string }> {
  const cleaned = await cleanImage(new Uint8Array(await file.arrayBuffer()));
  return cleaned.ok ? cleaned : { ok: false, errorKey: `images.refused.${cleaned.refusal}` };
}
