/**
 * The blog list's URL (docs/product.md#blogs `/blogs`: `page`, `type`, `a`, `defaultType`; sort `sortByDate`):
 * pure parsing and link building, shared by the loader and the browser. Malformed values are
 * ignored (docs/product.md#blogs), never an error.
 */
import { parsePage } from "~/lib/pagination";
import { BLOG_TYPES, type BlogType, isOneOf } from "~/vocabulary";

/** Articles per page of `/blogs`. */
export const BLOG_PAGE_SIZE = 9;

/** Date orders of docs/product.md#blogs: newest first (default) or oldest first. */
export const BLOG_SORTS = ["DESC", "ASC"] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];

/** At most this many themes are read from the URL (more are ignored). */
const MAX_THEMES = 20;
const THEME_CODE = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The list's state, as read from the URL. */
export interface BlogFilters {
  /** Requested page, ≥ 1 (the loader clamps it to the last page). */
  page: number;
  /** The type shown: `type`, else `defaultType`, else null (every type). */
  type: BlogType | null;
  /** BLOG_THEME attribute codes, sorted and without duplicates; an article matches any of them. */
  themes: string[];
  sort: BlogSort;
}

/**
 * Reads the blog list's query.
 * @param params the URL's search params
 * @param knownThemes when given, theme codes outside this set are dropped
 * @returns the filters; junk (`page=abc`, `type=FOO`, `a=<script>`, `sortByDate=up`) falls back to the defaults
 */
export function parseBlogFilters(params: URLSearchParams, knownThemes?: ReadonlySet<string>): BlogFilters {
  const type = params.get("type")?.trim();
  const defaultType = params.get("defaultType")?.trim();
  const themes = [
    ...new Set(
      params
        .getAll("a")
        .map((a) => a.trim())
        .filter((a) => THEME_CODE.test(a) && (!knownThemes || knownThemes.has(a))),
    ),
  ]
    .slice(0, MAX_THEMES)
    .sort();
  const sort = params.get("sortByDate")?.trim().toUpperCase();
  return {
    page: parsePage(params.get("page")),
    type: isOneOf(BLOG_TYPES, type) ? type : isOneOf(BLOG_TYPES, defaultType) ? defaultType : null,
    themes,
    sort: isOneOf(BLOG_SORTS, sort) ? sort : "DESC",
  };
}

/**
 * The canonical `/blogs` link for `filters`: defaults left out (page 1, DESC, every type), themes
 * repeated as `a`. Parsing the result gives back the same filters.
 */
export function blogListHref(filters: BlogFilters): string {
  const query = blogFiltersToSearchParams(filters).toString();
  return query ? `/blogs?${query}` : "/blogs";
}

/** The canonical query of {@link blogListHref} (defaults left out). */
export function blogFiltersToSearchParams(filters: BlogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set("type", filters.type);
  for (const theme of filters.themes) params.append("a", theme);
  if (filters.sort !== "DESC") params.set("sortByDate", filters.sort);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** How many filters differ from the defaults (type and themes), for the mobile toggle's label. */
export function activeBlogFilterCount(filters: BlogFilters): number {
  return (filters.type ? 1 : 0) + filters.themes.length;
}

/** Whether a path segment may be an article id (positive integer) rather than a slug. */
export function isBlogId(value: string): boolean {
  return /^[1-9]\d{0,8}$/.test(value);
}
