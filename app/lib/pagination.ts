/**
 * Pagination rules of docs/product.md#producers (Producers screen, also used by the product list): previous only
 * above page 1, next only below the total pages, a page beyond the total is clamped to the last.
 * Every paged list shares them: products, producers, blogs, search results, the staff's orders.
 */
import { redirect } from "react-router";

export interface Pagination {
  /** The page shown, 1-based, clamped to 1..totalPages. */
  page: number;
  size: number;
  total: number;
  /** ceil(total / size), at least 1 (docs/product.md#product-list: "minimum 1"; rounding up so no item is unreachable). */
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Rows to skip for the page shown. */
  offset: number;
}

/**
 * Computes the page to show.
 * @param total number of items (≥ 0)
 * @param requestedPage the page asked for (any integer; values below 1 become 1)
 * @param size items per page (≥ 1)
 */
export function paginate(total: number, requestedPage: number, size: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), totalPages);
  return {
    page,
    size,
    total,
    totalPages,
    hasPrevious: page > 1,
    hasNext: page < totalPages,
    offset: (page - 1) * size,
  };
}

/**
 * Reads a `page` query value: a positive integer, else 1 (malformed values are ignored, docs/product.md#product-list).
 */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return 1;
  return Math.max(1, Number.parseInt(value, 10));
}

/** Page numbers to show around the current page, with `null` for a gap: 1 … 4 5 6 … 20. */
export function pageWindow(page: number, totalPages: number, radius = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= totalPages; p++) {
    if (p === 1 || p === totalPages || Math.abs(p - page) <= radius) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/**
 * A page beyond the last one goes to the last one (docs/product.md#product-list), one rule for every paged list: when
 * the page shown (clamped by {@link paginate}) is not the page the URL asked for, throws a
 * redirect (302) to that list's URL for the page shown. Returns nothing otherwise.
 * @param requestedPage the page the URL asked for (as parsed by {@link parsePage})
 * @param pagination the list's pagination, from {@link paginate}
 * @param hrefOfPage the list's URL, with its other filters kept, for a page number
 */
export function redirectToShownPage(requestedPage: number, pagination: Pagination, hrefOfPage: (page: number) => string): void {
  if (pagination.page !== requestedPage) throw redirect(hrefOfPage(pagination.page));
}
