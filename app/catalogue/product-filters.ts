/**
 * The product list's filters as they live in the URL (docs/product.md#product-list /products, price rule):
 * `page`, `inventory` (one or many), `type`, `a` (attribute ids), `c` (ISO country codes),
 * `r` (numeric region ids), `grape` (grape variety codes, decision 036), `availabilityStatus`
 * (AVAILABLE, UPCOMING), `min`, `max` (dollars), `sort`, `t` (text). Parsing never throws:
 * malformed values are ignored or clamped. The spec's `boires` inventory value, its
 * `sortByOrigin=ASC` and the boutiques' default order: docs/decisions/051-listing-filters-and-lookups.md.
 */
import { isRowId } from "~/db/row-id";
import { parsePage } from "~/lib/pagination";
import { cleanText, multiValues } from "~/lib/url-params";
import { parseDollars } from "~/pricing/money";
import { AVAILABILITY_STATUSES, type AvailabilityStatus, INVENTORY_CODES, type InventoryCode, isOneOf } from "~/vocabulary";

/**
 * The list's orders: `origin` is country then region, ascending, by their names in the page's
 * language (the spec's `sortByOrigin=ASC`; docs/decisions/051-listing-filters-and-lookups.md).
 */
export const PRODUCT_SORTS = ["relevance", "price-desc", "price-asc", "qty-desc", "name", "origin"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The URL parameter of the availability status facet (the spec's filter selection name). */
export const AVAILABILITY_STATUS_PARAM = "availabilityStatus";

/**
 * The spec's `boires` availability value: Quebec's drinks, i.e. Quebec's default availability
 * (docs/decisions/051-listing-filters-and-lookups.md). The list answers a 301 to the same URL with
 * these codes instead ({@link canonicalListingAliases}). Fixed on purpose, not read from the
 * inventories' `defaultListed`: a shared URL keeps meaning the same list; a test compares it with
 * Quebec's default list, so a change of that list shows.
 */
export const BOIRES_INVENTORIES: readonly InventoryCode[] = ["IP", "SAQ", "Brouhh", "MERCH_MTL"];

/** Products per page (not in the spec: docs/decisions/002-page-sizes.md); `size` may ask 1–96. */
export const PRODUCT_PAGE_SIZE = 24;
export const MAX_PRODUCT_PAGE_SIZE = 96;

export interface ProductFilters {
  page: number;
  /** Products per page (docs/product.md#product-list: the products page accepts an optional size). */
  size: number;
  /** Inventory codes asked for; empty = the province's default availability. */
  inventories: InventoryCode[];
  types: string[];
  attributes: number[];
  countries: string[];
  regions: number[];
  /** Grape variety codes ("pinot-noir"): products made with any of them (decision 036). */
  grapes: string[];
  /** Minimum price in cents, or null. */
  minCents: number | null;
  /** Maximum price in cents, or null (the price filter applies only when it is set: docs/product.md#product-list). */
  maxCents: number | null;
  /** Channel availability statuses asked for (AVAILABLE, UPCOMING); empty = both. */
  statuses: AvailabilityStatus[];
  sort: ProductSort;
  /**
   * The order of this list when the URL names none (its `sort` is then left out of the URL):
   * price descending for a boutique view without a searched text, else `relevance`
   * (docs/decisions/051-listing-filters-and-lookups.md).
   */
  defaultSort: ProductSort;
  text: string;
}

export interface KnownCodes {
  inventoryCodes: ReadonlySet<string>;
  typeCodes: ReadonlySet<string>;
  /** The reference list's grape codes; without it, every `grape` value is dropped. */
  grapeCodes?: ReadonlySet<string>;
  /** The boutiques' inventory codes (channel kind SHOP): a list naming only these is a boutique view. */
  boutiqueCodes?: ReadonlySet<string>;
}

/** Largest price accepted from a URL; anything above is ignored (ids: {@link isRowId}). */
const MAX_PRICE_CENTS = 100_000_000;

/** Numeric ids of a parameter; non-numeric values are ignored (docs/product.md#product-list: region ids must be numeric). */
export function numericIds(params: URLSearchParams, key: string): number[] {
  return multiValues(params, key)
    .filter((v) => /^\d{1,10}$/.test(v))
    .map(Number)
    .filter(isRowId);
}

/** ISO 3166-1 alpha-2 country codes, upper-cased; anything else is ignored. */
export function countryCodes(params: URLSearchParams, key = "c"): string[] {
  return [
    ...new Set(
      multiValues(params, key)
        .filter((v) => /^[a-z]{2}$/i.test(v))
        .map((v) => v.toUpperCase()),
    ),
  ];
}

/**
 * Reads a price in dollars (`40`, `40.5`, `40,50`) as cents; null when absent or malformed or
 * negative (docs/product.md#product-list: numeric, 0 or greater).
 */
export function parsePriceCents(value: string | null): number | null {
  if (value === null) return null;
  const parsed = parseDollars(value, MAX_PRICE_CENTS);
  return parsed.ok ? parsed.cents : null;
}

/** A `size` query value: an integer from 1 to {@link MAX_PRODUCT_PAGE_SIZE}, else the default. */
export function parsePageSize(value: string | null): number {
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return PRODUCT_PAGE_SIZE;
  const size = Number(value);
  return size >= 1 && size <= MAX_PRODUCT_PAGE_SIZE ? size : PRODUCT_PAGE_SIZE;
}

/** Availability statuses of a parameter (any case), in the vocabulary's order; anything else is ignored. */
export function availabilityStatuses(params: URLSearchParams, key = AVAILABILITY_STATUS_PARAM): AvailabilityStatus[] {
  const asked = new Set(multiValues(params, key).map((v) => v.toUpperCase()));
  return AVAILABILITY_STATUSES.filter((status) => asked.has(status));
}

/**
 * The default order of a list (docs/decisions/051-listing-filters-and-lookups.md): a text search
 * by relevance; a boutique view (every inventory named is a boutique's, docs/product.md#product-list "price sort for
 * boutique descending") by price, dearest first; any other list by availability then name.
 */
export function defaultProductSort(inventories: readonly string[], text: string, known: Pick<KnownCodes, "boutiqueCodes">): ProductSort {
  if (text) return "relevance";
  const boutiques = known.boutiqueCodes;
  return boutiques && inventories.length > 0 && inventories.every((code) => boutiques.has(code)) ? "price-desc" : "relevance";
}

/**
 * The spec's names the list reads as ours (docs/decisions/051-listing-filters-and-lookups.md):
 * `inventory=boires` (any case) as Quebec's default availability ({@link BOIRES_INVENTORIES}) and
 * `sortByOrigin=ASC` as `sort=origin`. Returns the query with them replaced, or null when it has
 * none (the route answers a 301 to the returned query).
 */
export function canonicalListingAliases(params: URLSearchParams): URLSearchParams | null {
  const inventories = params.getAll("inventory").flatMap((v) => v.split(","));
  const hasBoires = inventories.some((v) => v.trim().toLowerCase() === "boires");
  const byOrigin = params.get("sortByOrigin");
  if (!hasBoires && byOrigin === null) return null;
  const next = new URLSearchParams();
  let inventoriesWritten = false;
  for (const [key, value] of params) {
    if (key === "sortByOrigin") continue;
    if (key === "inventory" && hasBoires) {
      if (inventoriesWritten) continue;
      inventoriesWritten = true;
      const codes = inventories
        .map((v) => v.trim())
        .flatMap((v): readonly string[] => (v.toLowerCase() === "boires" ? BOIRES_INVENTORIES : [v]));
      for (const code of new Set(codes)) if (code) next.append("inventory", code);
      continue;
    }
    next.append(key, value);
  }
  // `sortByOrigin=ASC` (the spec's only direction) asks for the origin order unless a `sort` is named.
  if (byOrigin !== null && byOrigin.trim().toUpperCase() === "ASC" && !next.has("sort")) next.set("sort", "origin");
  return next;
}

/** Parses the product list's URL query. Unknown inventory and type codes are dropped. */
export function parseProductFilters(params: URLSearchParams, known: KnownCodes): ProductFilters {
  const sort = params.get("sort");
  const inventories = multiValues(params, "inventory").filter(
    (c): c is InventoryCode => isOneOf(INVENTORY_CODES, c) && known.inventoryCodes.has(c),
  );
  const text = cleanText(params.get("t"));
  const defaultSort = defaultProductSort(inventories, text, known);
  let minCents = parsePriceCents(params.get("min"));
  let maxCents = parsePriceCents(params.get("max"));
  if (minCents !== null && maxCents !== null && minCents > maxCents) [minCents, maxCents] = [maxCents, minCents];
  return {
    page: parsePage(params.get("page")),
    size: parsePageSize(params.get("size")),
    inventories,
    types: multiValues(params, "type")
      .map((c) => c.toUpperCase())
      .filter((c) => known.typeCodes.has(c)),
    attributes: numericIds(params, "a"),
    countries: countryCodes(params),
    regions: numericIds(params, "r"),
    grapes: [...new Set(multiValues(params, "grape").map((c) => c.toLowerCase()))].filter((c) => known.grapeCodes?.has(c) ?? false),
    minCents,
    maxCents,
    statuses: availabilityStatuses(params),
    sort: PRODUCT_SORTS.includes(sort as ProductSort) ? (sort as ProductSort) : defaultSort,
    defaultSort,
    text,
  };
}

function centsToParam(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * The canonical query string of filters (defaults omitted, repeated keys for many values), so a
 * link, a form and the back button all agree on one URL per state.
 */
export function productFiltersToSearchParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.text) params.set("t", filters.text);
  for (const v of filters.inventories) params.append("inventory", v);
  for (const v of filters.types) params.append("type", v);
  for (const v of filters.attributes) params.append("a", String(v));
  for (const v of filters.countries) params.append("c", v);
  for (const v of filters.regions) params.append("r", String(v));
  for (const v of filters.grapes) params.append("grape", v);
  for (const v of filters.statuses) params.append(AVAILABILITY_STATUS_PARAM, v);
  if (filters.minCents !== null) params.set("min", centsToParam(filters.minCents));
  if (filters.maxCents !== null) params.set("max", centsToParam(filters.maxCents));
  if (filters.sort !== filters.defaultSort) params.set("sort", filters.sort);
  if (filters.size !== PRODUCT_PAGE_SIZE) params.set("size", String(filters.size));
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** `?query` for filters, or an empty string. */
export function productListHref(filters: ProductFilters): string {
  const query = productFiltersToSearchParams(filters).toString();
  return query ? `/products?${query}` : "/products";
}

/** Number of active filters (shown on the filter button; a Reset link appears above 0). */
export function activeFilterCount(filters: ProductFilters): number {
  return (
    filters.inventories.length +
    filters.types.length +
    filters.attributes.length +
    filters.countries.length +
    filters.regions.length +
    filters.grapes.length +
    filters.statuses.length +
    (filters.maxCents !== null ? 1 : 0) +
    (filters.text ? 1 : 0)
  );
}
