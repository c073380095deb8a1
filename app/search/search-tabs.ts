/**
 * The global search's URL (docs/product.md#search `/global-search`: `t`, `activeTabType`, `activeCurrentPage`)
 * and the shapes of its results: the tab names, parsing and link building, shared by
 * the loader and the browser (global-search.server.ts fills the shapes).
 * Malformed values are ignored (docs/product.md#search), never an error: `activeCurrentPage=abc` is page 1, an
 * unknown tab is no tab, and the text is cut to 100 characters
 * (`cleanText`, the product list's rule).
 */
import type { ImageRef } from "~/images/image-refs";
import { parsePage } from "~/lib/pagination";
import { cleanText } from "~/lib/url-params";
import { type BlogType, isOneOf } from "~/vocabulary";

/** The tabs of the search page, in their order on screen (docs/product.md#search: Products, Producers, Blogs). */
export const SEARCH_TABS = ["PRODUCTS", "PROVIDERS", "BLOGS"] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/**
 * Results per page, every tab: the product list's 24 (docs/decisions/002-page-sizes.md), divisible
 * by the 1-, 2- and 3-column layouts.
 */
export const SEARCH_PAGE_SIZE = 24;

/** The search page's state, as read from the URL. */
export interface SearchQuery {
  /** The text searched: control characters removed, trimmed, at most 100 characters; "" = none. */
  text: string;
  /**
   * The tab asked for; null when the URL names none (or an unknown one): the page then opens the
   * first tab with results.
   */
  tab: SearchTab | null;
  /** Requested page of the tab, ≥ 1 (the loader clamps it to the tab's last page). */
  page: number;
}

/**
 * Reads the search page's query.
 * @param params the URL's search params (`t`, `activeTabType` in any case, `activeCurrentPage`)
 * @returns the query; junk falls back to the defaults (no text, no tab, page 1)
 */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const tab = params.get("activeTabType")?.trim().toUpperCase();
  return {
    text: cleanText(params.get("t")),
    tab: isOneOf(SEARCH_TABS, tab) ? tab : null,
    page: parsePage(params.get("activeCurrentPage")),
  };
}

/**
 * The canonical `/global-search` link: `t` when there is a text, `activeTabType` when a tab is
 * given, `activeCurrentPage` above page 1. Parsing the result gives back the same query.
 */
export function searchHref(query: { text: string; tab: SearchTab | null; page?: number }): string {
  const params = new URLSearchParams();
  if (query.text) params.set("t", query.text);
  if (query.tab) params.set("activeTabType", query.tab);
  if (query.page && query.page > 1) params.set("activeCurrentPage", String(query.page));
  const search = params.toString();
  return search ? `/global-search?${search}` : "/global-search";
}

/**
 * Most full-text matches read per tab. Above it the count is capped ("1 000+",
 * {@link TabCount.capped}) and only these matches can be paged through (42 pages of 24).
 */
export const SEARCH_MATCH_LIMIT = 1_000;

/**
 * Most close names (trigram fallback) read per tab: each costs about three times a full-text
 * match to check, and a visitor shown close names corrects the text rather than paging.
 */
export const FALLBACK_MATCH_LIMIT = 250;

/** A tab's number of results, at most {@link SEARCH_MATCH_LIMIT} ({@link FALLBACK_MATCH_LIMIT} when approximate). */
export interface TabCount {
  count: number;
  /** More than `count` results exist (`count` is then the limit that was read). */
  capped: boolean;
  /** The results come from the trigram fallback (close spellings), not the full-text search. */
  approximate: boolean;
}

/** A product sold in the visitor's province; texts in the visitor's language. */
export interface ProductHit {
  slug: string;
  name: string;
  vintage: number | null;
  providerName: string;
  /** Product type code (its label is the i18n key `productTypeLabelKey(typeCode)`). */
  typeCode: string;
  countryName: string | null;
  regionName: string | null;
  /** The product's main photo; null: its generated image. */
  photo: ImageRef | null;
}

/** A producer with a product sold in the visitor's province. */
export interface ProviderHit {
  slug: string;
  name: string;
  origins: { countryName: string; regionName: string | null }[];
}

/** A blog article; `publishedAt` is an ISO string. */
export interface BlogHit {
  slug: string;
  title: string;
  type: BlogType;
  summary: string;
  publishedAt: string;
}

/** One page of the active tab's results. */
export type SearchResults =
  { tab: "PRODUCTS"; items: ProductHit[] } | { tab: "PROVIDERS"; items: ProviderHit[] } | { tab: "BLOGS"; items: BlogHit[] };
