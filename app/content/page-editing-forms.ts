/**
 * The staff's content-page forms (docs/decisions/046-content-page-revisions.md): the editor (both
 * languages of the Markdown, previewed or saved) and the restore of an older revision. One zod
 * schema per form, used by the action (`parseWithZod`) and the page (`useForm` +
 * `getZodConstraint`); every message is an i18n key. Shared with the browser.
 */
import { z } from "zod";
import { CONTENT_PAGE_SLUGS, type ContentPageSlug, isOneOf } from "~/vocabulary";

/** The `intent` of each form of a page's editor. */
export const PAGE_INTENTS = { preview: "preview", save: "save", restore: "restore" } as const;

/** Longest Markdown kept per language (characters): the FAQ with its glossary is about 20 000. */
export const PAGE_SOURCE_MAX = 100_000;

const key = (name: string) => `pageEditing.errors.${name}`;

/** A revision number the form was loaded with (or the one to restore). */
const revision = z.coerce
  .number({ message: key("stale") })
  .int(key("stale"))
  .min(1, key("stale"))
  .max(2_147_483_647, key("stale"));

/** A page's Markdown in one language; a browser's CRLF line ends become LF, as in the files. */
const source = z
  .string({ message: key("required") })
  .max(PAGE_SOURCE_MAX, key("tooLong"))
  .refine((s) => s.trim() !== "", key("required"))
  .transform((s) => s.replace(/\r\n?/g, "\n"));

/** The editor: both languages of the page, and the revision they were loaded from. */
export const PageEditSchema = z.object({
  intent: z.enum([PAGE_INTENTS.preview, PAGE_INTENTS.save]),
  baseRevision: revision,
  sourceFr: source,
  sourceEn: source,
});
export type PageEditForm = z.input<typeof PageEditSchema>;

/** "Restore this version": the revision to copy, and the one the page showed when loaded. */
export const RestoreRevisionSchema = z.object({
  intent: z.literal(PAGE_INTENTS.restore),
  baseRevision: revision,
  revision,
});

/** The staff's address of a page's editor. */
export function staffPagePath(slug: ContentPageSlug): string {
  return `/agence/pages/${slug}`;
}

/** A URL's `:slug` as a content page, or null (the route answers 404). */
export function pageSlugOf(value: string | undefined): ContentPageSlug | null {
  return isOneOf(CONTENT_PAGE_SLUGS, value) ? value : null;
}
