/**
 * The staff's catalogue-editing forms (docs/decisions/037-staff-catalogue-editing.md): the
 * product's text and wine facts, the producer's text and website, and the photo forms. One zod
 * schema per form, used by the action (`parseWithZod`) and the page (`useForm` +
 * `getZodConstraint`); every message is an i18n key. Every form carries an `intent`, since several
 * post to the same page. Shared with the browser.
 */
import { z } from "zod";
import { isRowId } from "~/db/row-id";
import { parsePage } from "~/lib/pagination";
import { PROVIDER_IMAGE_ROLES } from "~/vocabulary";

/** The `intent` of each form of a product's staff page. */
export const PRODUCT_INTENTS = {
  save: "save",
  addPhoto: "addPhoto",
  movePhoto: "movePhoto",
  mainPhoto: "mainPhoto",
  removePhoto: "removePhoto",
  allocation: "allocation",
} as const;
/** The `intent` of each form of a producer's staff page. */
export const PROVIDER_INTENTS = { save: "save", setImage: "setImage", removeImage: "removeImage" } as const;

/** Longest name, alt text and short text kept (characters). */
export const NAME_MAX = 200;
export const ALT_MAX = 300;
/** Longest description, tasting notes, food pairings or bio (characters). */
export const LONG_TEXT_MAX = 10_000;
/** Longest website address (characters). */
export const URL_MAX = 2_000;

const key = (name: string) => `catalogueEditing.errors.${name}`;

const version = z.coerce
  .number({ message: key("stale") })
  .int(key("stale"))
  .min(1, key("stale"))
  .max(2_147_483_647, key("stale"));
const requiredText = (max: number) =>
  z
    .string({ message: key("required") })
    .trim()
    .min(1, key("required"))
    .max(max, key("tooLong"));
/** Optional text: conform reads an empty field as missing, which is stored as "" (or null, see the writer). */
const optionalText = (max: number) => z.string().trim().max(max, key("tooLong")).optional();

/**
 * An optional decimal with one digit after the separator at most, a comma or a point ("13,5",
 * "13.5"), between `min` and `max`.
 */
const optionalDecimal = (min: number, max: number, messageKey: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}(?:[.,]\d)?$/, key(messageKey))
    .transform((s) => Number(s.replace(",", ".")))
    .refine((n) => n >= min && n <= max, key(messageKey))
    .optional();

/** An optional whole number between `min` and `max`. */
const optionalInteger = (min: number, max: number, messageKey: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,4}$/, key(messageKey))
    .transform(Number)
    .refine((n) => n >= min && n <= max, key(messageKey))
    .optional();

/** A liquor board's product code: digits only. */
const boardCode = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, key("boardCode"))
  .optional();

/**
 * The product form: both languages of the texts, and the wine facts. Prices, stock and channels
 * are the catalogue import's and are not part of it.
 */
export const ProductEditSchema = z
  .object({
    intent: z.literal(PRODUCT_INTENTS.save),
    version,
    nameFr: requiredText(NAME_MAX),
    nameEn: requiredText(NAME_MAX),
    descriptionFr: optionalText(LONG_TEXT_MAX),
    descriptionEn: optionalText(LONG_TEXT_MAX),
    tastingNotesFr: optionalText(LONG_TEXT_MAX),
    tastingNotesEn: optionalText(LONG_TEXT_MAX),
    foodPairingsFr: optionalText(LONG_TEXT_MAX),
    foodPairingsEn: optionalText(LONG_TEXT_MAX),
    /** Alcohol by volume, percent (0 to 100, one decimal). */
    alcoholPercent: optionalDecimal(0, 100, "alcoholPercent"),
    /** Residual sugar, g/L (0 to 1000, one decimal). */
    residualSugarGramsPerLitre: optionalDecimal(0, 1000, "residualSugar"),
    appellation: optionalText(NAME_MAX),
    designation: optionalText(NAME_MAX),
    /** Serving temperature, °C (0 to 30; min ≤ max). */
    servingTemperatureMinC: optionalInteger(0, 30, "temperature"),
    servingTemperatureMaxC: optionalInteger(0, 30, "temperature"),
    /** Years the wine keeps (0 to 100). */
    ageingPotentialYears: optionalInteger(0, 100, "ageing"),
    saqCode: boardCode,
    lcboCode: boardCode,
    /**
     * The grape varieties as the catalogue import writes them: codes or names, each with its
     * share, `|` between them ("pinot-noir:85|gamay:15"); checked against the reference list by
     * the action (docs/decisions/036-wine-facts.md).
     */
    grapes: optionalText(LONG_TEXT_MAX),
  })
  .refine(
    (v) =>
      v.servingTemperatureMinC === undefined ||
      v.servingTemperatureMaxC === undefined ||
      v.servingTemperatureMinC <= v.servingTemperatureMaxC,
    { message: key("temperatureOrder"), path: ["servingTemperatureMaxC"] },
  );
export type ProductEditForm = z.infer<typeof ProductEditSchema>;

/** A real calendar day `YYYY-MM-DD` (2027-02-29 is not one), or nothing. */
const optionalDay = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), key("day"))
  .optional();

/**
 * The allocation form (docs/decisions/049-member-tastings-and-allocations.md): the first and last
 * days, in the shop's calendar, both included, when only members may add the product to a cart.
 * Both empty: no allocation; one without the other, or the last before the first, is refused.
 */
export const AllocationSchema = z
  .object({
    intent: z.literal(PRODUCT_INTENTS.allocation),
    version,
    membersOnlyFrom: optionalDay,
    membersOnlyUntil: optionalDay,
  })
  .refine((v) => (v.membersOnlyFrom === undefined) === (v.membersOnlyUntil === undefined), {
    message: key("allocationBothDays"),
    path: ["membersOnlyUntil"],
  })
  .refine((v) => !v.membersOnlyFrom || !v.membersOnlyUntil || v.membersOnlyFrom <= v.membersOnlyUntil, {
    message: key("allocationOrder"),
    path: ["membersOnlyUntil"],
  });
export type AllocationForm = z.infer<typeof AllocationSchema>;

/** An absolute http or https address with a host, or nothing. */
const websiteUrl = z
  .string()
  .trim()
  .max(URL_MAX, key("tooLong"))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && url.username === "" && url.password === "";
    } catch {
      return false;
    }
  }, key("websiteUrl"))
  .optional();

/** The producer form: name, both languages of the description and the longer bio, the website. */
export const ProviderEditSchema = z.object({
  intent: z.literal(PROVIDER_INTENTS.save),
  version,
  name: requiredText(NAME_MAX),
  descriptionFr: optionalText(LONG_TEXT_MAX),
  descriptionEn: optionalText(LONG_TEXT_MAX),
  bioFr: optionalText(LONG_TEXT_MAX),
  bioEn: optionalText(LONG_TEXT_MAX),
  websiteUrl,
});
export type ProviderEditForm = z.infer<typeof ProviderEditSchema>;

/**
 * An uploaded photo: a file (its content is checked by the server) and its alt text in both
 * languages; the fields of every photo form (products, producers, an article's cover).
 */
export const photoUpload = {
  /** conform reads an empty file input (no file chosen) as missing. */
  file: z.instanceof(File, { message: key("fileRequired") }).refine((file) => file.size > 0, key("fileRequired")),
  altFr: requiredText(ALT_MAX),
  altEn: requiredText(ALT_MAX),
};

/** A stored image's id, as a photo form names it. */
const imageId = z.coerce.number({ message: key("photoGone") }).refine(isRowId, key("photoGone"));

export const AddPhotoSchema = z.object({ intent: z.literal(PRODUCT_INTENTS.addPhoto), ...photoUpload });
export type AddPhotoForm = z.infer<typeof AddPhotoSchema>;

export const MovePhotoSchema = z.object({ intent: z.literal(PRODUCT_INTENTS.movePhoto), imageId, direction: z.enum(["up", "down"]) });
export const MainPhotoSchema = z.object({ intent: z.literal(PRODUCT_INTENTS.mainPhoto), imageId });
export const RemovePhotoSchema = z.object({ intent: z.literal(PRODUCT_INTENTS.removePhoto), imageId });

export const SetProviderImageSchema = z.object({
  intent: z.literal(PROVIDER_INTENTS.setImage),
  role: z.enum(PROVIDER_IMAGE_ROLES),
  ...photoUpload,
});
export type SetProviderImageForm = z.infer<typeof SetProviderImageSchema>;
export const RemoveProviderImageSchema = z.object({ intent: z.literal(PROVIDER_INTENTS.removeImage), role: z.enum(PROVIDER_IMAGE_ROLES) });

/** Longest search text kept in the lists (longer input is cut, never refused). */
export const CATALOGUE_SEARCH_MAX = 100;

/** The filter of a staff list: a search text and a page, both in the URL (`?q=barolo&page=2`). */
export interface StaffListFilter {
  search: string;
  page: number;
}

/** The staff list URL of a filter (`/agence/produits?q=…&page=…`), without defaults. */
export function staffListHref(path: string, filter: StaffListFilter): string {
  const params = new URLSearchParams();
  if (filter.search) params.set("q", filter.search);
  if (filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The staff page of a product (by its code) and of a producer (by its slug). */
export const staffProductPath = (puid: string) => `/agence/produits/${encodeURIComponent(puid)}`;
export const staffProviderPath = (slug: string) => `/agence/producteurs/${encodeURIComponent(slug)}`;

/** The filter of a staff list URL: the search trimmed and cut, a malformed page read as 1. */
export function parseStaffListFilter(params: URLSearchParams): StaffListFilter {
  return { search: (params.get("q") ?? "").trim().slice(0, CATALOGUE_SEARCH_MAX), page: parsePage(params.get("page")) };
}

/**
 * The largest photo taken, in megabytes, as the forms say it: the image core's limit
 * (`MAX_IMAGE_UPLOAD_BYTES` of app/images/image-cleaning.server.ts, 15 MB), which the server
 * checks; the server's body limit for these pages leaves room for the form around it.
 */
export const MAX_IMAGE_UPLOAD_MEGABYTES = 15;
