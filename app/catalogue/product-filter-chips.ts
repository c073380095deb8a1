/**
 * The product list's active-filter chips (docs/decisions/043-filter-chips-and-producer-filters.md):
 * one per chosen availability, type, attribute, country, region, grape and availability status
 * (docs/decisions/051-listing-filters-and-lookups.md), the price range and
 * the searched text, read as names (the route passes the names), each linking to the list
 * without it. "Tout effacer" keeps the sort order and the page size.
 */
import { type ActiveFilter, buildFilterChips, type FilterChips } from "~/lib/filter-chips";
import type { AvailabilityStatus } from "~/vocabulary";
import { AVAILABILITY_STATUS_PARAM, type ProductFilters, productFiltersToSearchParams } from "./product-filters";

/** What each filter value reads as; null for an id the reference data does not know (no chip). */
export interface ProductChipLabels {
  inventory(code: string): string;
  type(code: string): string;
  attribute(id: number): string | null;
  country(code: string): string;
  region(id: number): string | null;
  grape(code: string): string | null;
  /** An availability status (decision 051). */
  status(status: AvailabilityStatus): string;
  /** The price range (the price filter applies once a maximum is given: docs/product.md#product-list). */
  price(minCents: number | null, maxCents: number): string;
  text(text: string): string;
}

/** The chips of `filters`, in the filter column's order. */
export function productFilterChips(filters: ProductFilters, labels: ProductChipLabels): FilterChips {
  const active: ActiveFilter[] = [];
  const add = (label: string | null, key: string, value: string | null) => {
    if (label) active.push({ label, params: [[key, value]] });
  };
  if (filters.text) add(labels.text(filters.text), "t", null);
  for (const code of filters.inventories) add(labels.inventory(code), "inventory", code);
  for (const code of filters.types) add(labels.type(code), "type", code);
  for (const id of filters.attributes) add(labels.attribute(id), "a", String(id));
  for (const code of filters.countries) add(labels.country(code), "c", code);
  for (const id of filters.regions) add(labels.region(id), "r", String(id));
  for (const code of filters.grapes) add(labels.grape(code), "grape", code);
  for (const status of filters.statuses) add(labels.status(status), AVAILABILITY_STATUS_PARAM, status);
  if (filters.maxCents !== null) {
    active.push({
      label: labels.price(filters.minCents, filters.maxCents),
      params: [
        ["min", null],
        ["max", null],
      ],
    });
  }
  return buildFilterChips("/products", productFiltersToSearchParams(filters), active, ["sort", "size"]);
}
