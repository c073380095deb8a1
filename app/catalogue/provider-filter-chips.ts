/**
 * The producers list's active-filter chips (docs/decisions/043-filter-chips-and-producer-filters.md):
 * the searched text, each chosen country, region and characteristic, read as names, each linking
 * to the list without it. "Tout effacer" keeps the province (`type`) and the page size.
 */
import { type ActiveFilter, buildFilterChips, type FilterChips } from "~/lib/filter-chips";
import type { ProductChipLabels } from "./product-filter-chips";
import { type ProviderFilters, providerFiltersToSearchParams } from "./provider-filters";

/** The chips of `filters`; a value the labels cannot name (an unknown id) gets none. */
export function providerFilterChips(
  filters: ProviderFilters,
  labels: Pick<ProductChipLabels, "attribute" | "country" | "region" | "text">,
): FilterChips {
  const active: ActiveFilter[] = [];
  const add = (label: string | null, key: string, value: string | null) => {
    if (label) active.push({ label, params: [[key, value]] });
  };
  if (filters.text) add(labels.text(filters.text), "t", null);
  for (const code of filters.countries) add(labels.country(code), "c", code);
  for (const id of filters.regions) add(labels.region(id), "r", String(id));
  for (const id of filters.attributes) add(labels.attribute(id), "a", String(id));
  return buildFilterChips("/providers", providerFiltersToSearchParams(filters), active, ["type", "size"]);
}
