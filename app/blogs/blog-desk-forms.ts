/**
 * The content desk's article forms (docs/decisions/045-content-desk-articles.md): the editor (both
 * languages side by side, its `save` and `preview` buttons posting the same fields), the status
 * form, and the list's search. One zod schema per form, used by the action (`parseWithZod`) and
 * the page (`useForm` + `getZodConstraint`); every message is an i18n key. Shared with the browser.
 */
import { z } from "zod";
import { photoUpload } from "~/catalogue-editing/editing-forms";
import { isRowId } from "~/db/row-id";
import { BLOG_COVER_MOTIFS, BLOG_TYPES } from "~/vocabulary";
import { BLOG_STATUS_ACTIONS, shopLocalToInstant } from "./blog-status";

/** The `intent` of each form of an article's staff page (and of the new-article page). */
export const BLOG_INTENTS = {
  save: "save",
  preview: "preview",
  status: "status",
  setCover: "setCover",
  removeCover: "removeCover",
} as const;

/** Longest title and summary (characters). */
export const BLOG_TITLE_MAX = 200;
export const BLOG_SUMMARY_MAX = 600;
/** Longest Markdown body (characters). */
export const BLOG_BODY_MAX = 50_000;
/** Most linked products or producers of one article. */
export const BLOG_LINKS_MAX = 50;

const key = (name: string) => `blogDesk.errors.${name}`;

const requiredText = (max: number) =>
  z
    .string({ message: key("required") })
    .trim()
    .min(1, key("required"))
    .max(max, key("tooLong"));

const version = z.coerce
  .number({ message: key("stale") })
  .int(key("stale"))
  .min(1, key("stale"))
  .max(2_147_483_647, key("stale"));

/**
 * An article's address: lowercase letters, digits and dashes, starting with a letter or digit, not
 * digits only (a number is read as an article id by `/blogs/{id}`).
 */
export const BlogSlug = z
  .string({ message: key("required") })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,119}$/, key("slug"))
  .refine((s) => !/^\d+$/.test(s), key("slug"));

/** Slugs typed one per line or separated by commas or spaces: their distinct list. */
const slugList = z
  .string()
  .optional()
  .transform((text) => [
    ...new Set(
      (text ?? "")
        .split(/[\s,;]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .refine((list) => list.length <= BLOG_LINKS_MAX, key("tooManyLinks"))
  .refine((list) => list.every((s) => /^[a-z0-9][a-z0-9-]{0,199}$/.test(s)), key("linkSlug"));

/** The editor's fields: what a saved article holds (links by slug, themes by code). */
export const BlogEditSchema = z.object({
  intent: z.enum([BLOG_INTENTS.save, BLOG_INTENTS.preview]),
  /** The version the form was loaded with; absent on the new-article page. */
  version: version.optional(),
  slug: BlogSlug,
  type: z.enum(BLOG_TYPES, { message: key("type") }),
  titleFr: requiredText(BLOG_TITLE_MAX),
  titleEn: requiredText(BLOG_TITLE_MAX),
  summaryFr: requiredText(BLOG_SUMMARY_MAX),
  summaryEn: requiredText(BLOG_SUMMARY_MAX),
  bodyFr: requiredText(BLOG_BODY_MAX),
  bodyEn: requiredText(BLOG_BODY_MAX),
  themes: z
    .array(z.string().regex(/^[a-z0-9-]{1,60}$/, key("theme")))
    .max(20, key("theme"))
    .optional()
    .transform((list) => [...new Set(list ?? [])]),
  products: slugList,
  providers: slugList,
  coverColor: z
    .string({ message: key("required") })
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, key("coverColor")),
  coverMotif: z.enum(BLOG_COVER_MOTIFS, { message: key("coverMotif") }),
});
export type BlogEditForm = z.infer<typeof BlogEditSchema>;
/** The editor's fields as the form holds them (before parsing). */
export type BlogEditInput = z.input<typeof BlogEditSchema>;

/** The status form: an action, and for `schedule` the date and time on the shop's clock. */
export const BlogStatusSchema = z
  .object({
    intent: z.literal(BLOG_INTENTS.status),
    version,
    action: z.enum(BLOG_STATUS_ACTIONS, { message: key("statusAction") }),
    /** `YYYY-MM-DDTHH:mm`, Montréal time (`<input type="datetime-local">`). */
    publishAt: z.string().trim().optional(),
  })
  .refine((v) => v.action !== "schedule" || (v.publishAt !== undefined && shopLocalToInstant(v.publishAt) !== null), {
    message: key("publishAt"),
    path: ["publishAt"],
  });
export type BlogStatusForm = z.infer<typeof BlogStatusSchema>;
/** The status form's fields as the form holds them (before parsing). */
export type BlogStatusInput = z.input<typeof BlogStatusSchema>;

/** The cover photo form (multipart): a file and its alt text in both languages. */
export const BlogCoverSchema = z.object({ intent: z.literal(BLOG_INTENTS.setCover), ...photoUpload });
export type BlogCoverForm = z.infer<typeof BlogCoverSchema>;

/** Removing the cover photo (the generated cover again). */
export const BlogRemoveCoverSchema = z.object({ intent: z.literal(BLOG_INTENTS.removeCover) });

/** The staff's article list: search text (title or slug) and page, from the URL. */
export interface BlogDeskFilter {
  search: string;
  page: number;
}

/** The list's filter from its URL (`q`, `page`); anything malformed reads as its default. */
export function parseBlogDeskFilter(params: URLSearchParams): BlogDeskFilter {
  const search = (params.get("q") ?? "").trim().slice(0, 100);
  const page = Number(params.get("page"));
  return { search, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** The list's URL for a filter. */
export function blogDeskHref(filter: BlogDeskFilter): string {
  const params = new URLSearchParams();
  if (filter.search) params.set("q", filter.search);
  if (filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return query ? `/agence/articles?${query}` : "/agence/articles";
}

/** The article id of a staff page's URL (`/agence/articles/12`), or null when it names no row. */
export function blogIdOf(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return isRowId(id) ? id : null;
}

/** An article's staff page. */
export function blogDeskPath(id: number | string): string {
  return `/agence/articles/${id}`;
}
