/**
 * The price list's options (docs/product.md#price-list `GET /listing`: "like search plus showUvc, showVintage,
 * showVolume, showQuantity=false, showPrices, taxes (IN or OUT), region (QUEBEC or ONTARIO), show
 * default AVAILABLE_UPCOMING"). One zod schema, read by the route from the URL and
 * followed by the options form on /products. Shared with the browser: no server code here.
 *
 * The product filters of the same URL (`t`, `inventory`, `type`, `a`, `c`, `r`, `min`, `max`) are
 * parsed as /products parses them (malformed values ignored); the options are a closed set a form
 * sends, so a value outside it is refused with a 400 (docs/decisions/021).
 *
 * Booleans are `true` or `false`. An HTML checkbox sends nothing when unticked, so the form sends a
 * hidden `false` before each checkbox's `true`, and the LAST value of a repeated option wins.
 */
import { z } from "zod";
import type { AvailabilityStatus, Province, TaxMode } from "~/vocabulary";

/** The `region` values of docs/product.md#price-list and the province each one prices and lists. */
export const LISTING_REGIONS = { QUEBEC: "QC", ONTARIO: "ON" } as const satisfies Record<string, Province>;
export type ListingRegion = keyof typeof LISTING_REGIONS;
export const LISTING_REGION_VALUES = Object.keys(LISTING_REGIONS) as ListingRegion[];

/** The `show` values: available and upcoming (docs/product.md#price-list default), or only one of the two. */
export const LISTING_SHOWS = ["AVAILABLE_UPCOMING", "AVAILABLE", "UPCOMING"] as const;
type ListingShow = (typeof LISTING_SHOWS)[number];

/** The yes/no options, in the order of the form and of the PDF's columns. */
export const LISTING_FLAGS = ["showVintage", "showVolume", "showUvc", "showQuantity", "showPrices"] as const;
type ListingFlag = (typeof LISTING_FLAGS)[number];

/** docs/product.md#cart: every column shown but the quantity. */
export const LISTING_FLAG_DEFAULTS: Record<ListingFlag, boolean> = {
  showVintage: true,
  showVolume: true,
  showUvc: true,
  showQuantity: false,
  showPrices: true,
};

/** Every parameter the options take (the rest of the query is the product filters). */
const LISTING_OPTION_KEYS = [...LISTING_FLAGS, "taxes", "region", "show"] as const;

const flag = z.enum(["true", "false"], { message: "listing.errors.flag" }).transform((v) => v === "true");

/**
 * The options as they come from the URL (one string per key, absent when not given). The defaults
 * that depend on the visitor (taxes, region) are filled by {@link withVisitorDefaults}.
 */
export const ListingOptionsSchema = z.object({
  showVintage: flag.optional(),
  showVolume: flag.optional(),
  showUvc: flag.optional(),
  showQuantity: flag.optional(),
  showPrices: flag.optional(),
  taxes: z.enum(["IN", "OUT"], { message: "listing.errors.taxes" }).optional(),
  region: z.enum(["QUEBEC", "ONTARIO"], { message: "listing.errors.region" }).optional(),
  show: z.enum(LISTING_SHOWS, { message: "listing.errors.show" }).optional(),
});
type ListingOptionsInput = z.infer<typeof ListingOptionsSchema>;

/** The options of one price list, every default filled. */
export interface ListingOptions extends Record<ListingFlag, boolean> {
  taxes: TaxMode;
  region: ListingRegion;
  show: ListingShow;
}

/** The options' values of a query: the last value of each key (see the module's note). */
function listingOptionValues(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of LISTING_OPTION_KEYS) {
    const all = params.getAll(key);
    if (all.length > 0) values[key] = all[all.length - 1]!.trim();
  }
  return values;
}

/** The `region` of a province. */
export function regionOfProvince(province: Province): ListingRegion {
  return province === "ON" ? "ONTARIO" : "QUEBEC";
}

/** Fills what the URL left out: docs/product.md#price-list defaults, and the visitor's tax mode and province. */
export function withVisitorDefaults(input: ListingOptionsInput, visitor: { taxMode: TaxMode; province: Province }): ListingOptions {
  return {
    showVintage: input.showVintage ?? LISTING_FLAG_DEFAULTS.showVintage,
    showVolume: input.showVolume ?? LISTING_FLAG_DEFAULTS.showVolume,
    showUvc: input.showUvc ?? LISTING_FLAG_DEFAULTS.showUvc,
    showQuantity: input.showQuantity ?? LISTING_FLAG_DEFAULTS.showQuantity,
    showPrices: input.showPrices ?? LISTING_FLAG_DEFAULTS.showPrices,
    taxes: input.taxes ?? visitor.taxMode,
    region: input.region ?? regionOfProvince(visitor.province),
    show: input.show ?? "AVAILABLE_UPCOMING",
  };
}

/**
 * Parses the options of a `/listing` query.
 * @returns the options with every default filled, or the i18n keys of the refused options by key
 *   (`{ taxes: "listing.errors.taxes" }`) — the route answers those with a 400.
 */
export function parseListingOptions(
  params: URLSearchParams,
  visitor: { taxMode: TaxMode; province: Province },
): { ok: true; options: ListingOptions } | { ok: false; errors: Record<string, string> } {
  const parsed = ListingOptionsSchema.safeParse(listingOptionValues(params));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, errors };
  }
  return { ok: true, options: withVisitorDefaults(parsed.data, visitor) };
}

/** The availability statuses a `show` value lists. */
export function availabilityOf(show: ListingShow): AvailabilityStatus[] {
  return show === "AVAILABLE_UPCOMING" ? ["AVAILABLE", "UPCOMING"] : [show];
}
