/**
 * The article list's active-filter chips (docs/decisions/043-filter-chips-and-producer-filters.md):
 * the chosen type and each chosen theme, by name, each linking to the list without it. "Tout
 * effacer" keeps the date order.
 */
import { type ActiveFilter, buildFilterChips, type FilterChips } from "~/lib/filter-chips";
import { type BlogFilters, blogFiltersToSearchParams } from "./blog-filters";

/**
 * @param typeLabel the name of an article type (`blogs.types.*`)
 * @param themeName a theme's name by code, null when unknown (no chip)
 */
export function blogFilterChips(
  filters: BlogFilters,
  typeLabel: (type: string) => string,
  themeName: (code: string) => string | null,
): FilterChips {
  const active: ActiveFilter[] = [];
  if (filters.type) active.push({ label: typeLabel(filters.type), params: [["type", filters.type]] });
  for (const code of filters.themes) {
    const label = themeName(code);
    if (label) active.push({ label, params: [["a", code]] });
  }
  return buildFilterChips("/blogs", blogFiltersToSearchParams(filters), active, ["sortByDate"]);
}
