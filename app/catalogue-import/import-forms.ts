/**
 * The catalogue import's two forms: the upload (a multipart POST of one CSV file)
 * and the confirmation of a checked import (its id and the fingerprint of the report shown, so a
 * report that changed since is not confirmed blindly). One zod schema each, used by the action
 * (`parseWithZod`) and the form (`useForm` + `getZodConstraint`); messages are i18n keys. Shared
 * with the browser.
 */
import { z } from "zod";
import { isRowId } from "~/db/row-id";
import { MAX_UPLOAD_BYTES } from "./import-format";

/** The `intent` of each form (both post to `/agence/import`). */
export const UPLOAD_INTENT = "upload";
export const CONFIRM_INTENT = "confirm";

export const UploadSchema = z.object({
  intent: z.literal(UPLOAD_INTENT),
  /** conform reads an empty file input (no file chosen) as missing. */
  file: z
    .instanceof(File, { message: "catalogueImport.errors.fileRequired" })
    .refine((file) => file.size > 0, "catalogueImport.errors.fileRequired")
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, "catalogueImport.errors.fileTooLarge"),
});
export type UploadForm = z.infer<typeof UploadSchema>;

export const ConfirmSchema = z.object({
  intent: z.literal(CONFIRM_INTENT),
  /** A row id ({@link isRowId}): a larger number names no import and is never queried. */
  importId: z.coerce.number({ message: "catalogueImport.errors.stale" }).refine(isRowId, "catalogueImport.errors.stale"),
  fingerprint: z.string({ message: "catalogueImport.errors.stale" }).regex(/^[0-9a-f]{64}$/, "catalogueImport.errors.stale"),
});
export type ConfirmForm = z.infer<typeof ConfirmSchema>;
