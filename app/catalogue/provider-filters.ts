/**
 * The producers list's URL state (docs/product.md#producers Producers: type, page, a, c, r, t; page sizes).
 */
import { parsePage } from "~/lib/pagination";
import { cleanText } from "~/lib/url-params";
import type { Province } from "~/vocabulary";
import { countryCodes, numericIds } from "./product-filters";

/** Producers per page by screen (docs/product.md#producers): 20 on xs–md, 51 on lg, 52 above. */
export const PROVIDER_PAGE_SIZES = [20, 51, 52] as const;
export type ProviderPageSize = (typeof PROVIDER_PAGE_SIZES)[number];
/** Without JavaScript the server cannot know the screen: the phone size (docs/decisions/002). */
export const DEFAULT_PROVIDER_PAGE_SIZE: ProviderPageSize = 20;
/** The producer page's product list: page 1, size 51 (docs/product.md#producers). */
export const PROVIDER_PRODUCTS_SIZE = 51;

export interface ProviderFilters {
  /** The province whose producers are listed (`type` in the URL; docs/product.md#producers: default QC). */
  province: Province;
  /** Whether the province came from the URL (kept in links) or from the visitor's preference. */
  provinceInUrl: boolean;
  page: number;
  size: ProviderPageSize;
  attributes: number[];
  countries: string[];
  regions: number[];
  text: string;
}

/** Parses the producers query; malformed values are ignored, never an error. */
export function parseProviderFilters(params: URLSearchParams, defaultProvince: Province): ProviderFilters {
  const type = params.get("type")?.toUpperCase();
  const province = type === "QC" || type === "ON" ? type : null;
  const size = Number(params.get("size"));
  return {
    province: province ?? defaultProvince,
    provinceInUrl: province !== null,
    page: parsePage(params.get("page")),
    size: (PROVIDER_PAGE_SIZES as readonly number[]).includes(size) ? (size as ProviderPageSize) : DEFAULT_PROVIDER_PAGE_SIZE,
    attributes: numericIds(params, "a"),
    countries: countryCodes(params),
    regions: numericIds(params, "r"),
    text: cleanText(params.get("t")),
  };
}

/** Breakpoints of docs/product.md#layout in px: lg from 1366; "xl above" read as from 1920. */
export const LG_MIN_WIDTH = 1366;
export const XL_MIN_WIDTH = 1920;

/**
 * The page size for a viewport width (docs/product.md#producers): 20 on xs–md, 51 on lg, 52 above.
 */
export function pageSizeForWidth(width: number): ProviderPageSize {
  if (width >= XL_MIN_WIDTH) return 52;
  if (width >= LG_MIN_WIDTH) return 51;
  return 20;
}

/**
 * The filters at another page size, on the page that holds the first producer shown now, so a
 * change of size keeps the shopper's place.
 */
export function withPageSize(filters: ProviderFilters, size: ProviderPageSize): ProviderFilters {
  const firstIndex = (filters.page - 1) * filters.size;
  return { ...filters, size, page: Math.floor(firstIndex / size) + 1 };
}

/** Canonical query string of producer filters (defaults omitted). */
export function providerFiltersToSearchParams(filters: ProviderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.provinceInUrl) params.set("type", filters.province);
  if (filters.text) params.set("t", filters.text);
  for (const v of filters.attributes) params.append("a", String(v));
  for (const v of filters.countries) params.append("c", v);
  for (const v of filters.regions) params.append("r", String(v));
  if (filters.size !== DEFAULT_PROVIDER_PAGE_SIZE) params.set("size", String(filters.size));
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** `/providers?…` for filters. */
export function providerListHref(filters: ProviderFilters): string {
  const query = providerFiltersToSearchParams(filters).toString();
  return query ? `/providers?${query}` : "/providers";
}
