/**
 * Active-filter chips of a list page (products, producers, articles): one chip per active filter
 * value, each a link to the same list without that value, and a "clear all" link. Pure: the
 * route gives the list's canonical query (the one its own link builder writes) and what each
 * active value reads as; this only builds the links, so every list removes a filter the same way
 * (docs/decisions/043-filter-chips-and-producer-filters.md).
 */

/** One active filter, as a shopper reads it, and the query values that make it. */
export interface ActiveFilter {
  /** What the chip reads: a name, never a code ("Italie", "Prix : jusqu'à 40 $"). */
  label: string;
  /**
   * The query values it stands for: `[key, value]` pairs, or `[key, null]` for every value of
   * the key (the price chip removes both `min` and `max`).
   */
  params: readonly (readonly [key: string, value: string | null])[];
}

/** A chip: its label and the link that removes it. */
export interface FilterChip {
  label: string;
  /** The list without this filter, back on page 1. */
  href: string;
}

export interface FilterChips {
  chips: FilterChip[];
  /** The list without any filter, keeping only the `keep` keys (sort, page size, province), on page 1. */
  clearHref: string;
}

/** Query keys never kept by a removal: a filter change starts the list again on page 1. */
const PAGE_KEY = "page";

function hrefOf(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Builds the chips of the active filters.
 * @param pathname the list's path, e.g. `/products`
 * @param canonical the list's current canonical query (as its link builder writes it), so a
 *   chip's values match the query's exactly
 * @param active the active filters, in the order they are shown
 * @param keep the keys that "clear all" keeps (not filters: sort order, page size, province)
 * @returns one chip per active filter whose values are in the query (others are skipped), each
 *   link keeping every other value and dropping `page`; and the "clear all" link
 */
export function buildFilterChips(
  pathname: string,
  canonical: URLSearchParams,
  active: readonly ActiveFilter[],
  keep: readonly string[],
): FilterChips {
  const chips: FilterChip[] = [];
  for (const filter of active) {
    const isPart = (key: string, value: string) => filter.params.some(([k, v]) => k === key && (v === null || v === value));
    const entries = [...canonical];
    if (!entries.some(([key, value]) => isPart(key, value))) continue;
    const without = new URLSearchParams(entries.filter(([key, value]) => key !== PAGE_KEY && !isPart(key, value)));
    chips.push({ label: filter.label, href: hrefOf(pathname, without) });
  }
  const kept = new URLSearchParams([...canonical].filter(([key]) => keep.includes(key) && key !== PAGE_KEY));
  return { chips, clearHref: hrefOf(pathname, kept) };
}
