/**
 * The bulk photo upload's two forms (decision 035), both posted to `/agence/photos`: the upload
 * of a ZIP (multipart) and the confirmation of its dry run (the signed plan in a hidden field: the
 * ZIP is not sent again). One zod schema each, for the action and the form; messages are i18n
 * keys. Shared with the browser.
 */
import { z } from "zod";
import { MAX_PHOTO_ZIP_BYTES } from "~/images/image-limits";

export const CHECK_INTENT = "check";
export const CONFIRM_INTENT = "confirm";

export const PhotoZipSchema = z.object({
  intent: z.literal(CHECK_INTENT),
  /** conform reads an empty file input (no file chosen) as missing. */
  file: z
    .instanceof(File, { message: "photoImport.errors.fileRequired" })
    .refine((file) => file.size > 0, "photoImport.errors.fileRequired")
    .refine((file) => file.size <= MAX_PHOTO_ZIP_BYTES, "photoImport.refused.tooLarge"),
});
export type PhotoZipForm = z.infer<typeof PhotoZipSchema>;

export const PhotoConfirmSchema = z.object({
  intent: z.literal(CONFIRM_INTENT),
  plan: z
    .string({ message: "photoImport.errors.planInvalid" })
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/, "photoImport.errors.planInvalid"),
});
export type PhotoConfirmForm = z.infer<typeof PhotoConfirmSchema>;
