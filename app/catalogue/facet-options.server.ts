/**
 * The product list's filter options (docs/product.md#product-list /products, filter selection): each facet's values
 * with their labels in the page's language, counts and checked state, in display order.
 */
import type { TFunction } from "i18next";
import { channelNameKey } from "~/i18n/channel-names";
import { compareText } from "~/i18n/format";
import type { Locale } from "~/vocabulary";
import { countryName } from "./country-names.server";
import type { ProductFilters } from "./product-filters";
import { productTypeLabelKey } from "./product-types";
import type { ProductSearchResult } from "./products.server";
import { localizedName, type ReferenceData } from "./reference.server";

export interface FacetOption {
  value: string;
  label: string;
  /** Products matching with this value and the other filters. */
  count: number;
  checked: boolean;
}

/** A filter value offered without a count. */
export type UncountedOption = Omit<FacetOption, "count"> & { count?: undefined };

export interface ProductFacetOptions {
  inventories: FacetOption[];
  types: FacetOption[];
  countries: FacetOption[];
  /** Regions of the chosen countries only (empty until a country is chosen). */
  regions: FacetOption[];
  colors: FacetOption[];
  /** Grape varieties (decision 036), the value their code, by name. */
  grapes: FacetOption[];
  /** Availability statuses (AVAILABLE, UPCOMING; decision 051), in that order. */
  statuses: FacetOption[];
  /** Producers' characteristics (organic, biodynamic…): offered without counts. */
  characteristics: UncountedOption[];
  /** Chosen attribute ids of other types, kept as hidden fields so a new choice keeps them. */
  otherAttributes: number[];
}

/** A checked value stays listed (with 0) even when other filters leave it no product. */
function withChecked<K extends string | number>(rows: { key: K; count: number }[], checked: K[]) {
  return [...rows, ...checked.filter((key) => !rows.some((r) => r.key === key)).map((key) => ({ key, count: 0 }))];
}

/**
 * Builds the filter options from a search's facet counts.
 * @param t translates inventory codes and product types (their names are in locales/, the same
 *   as in the menus: {@link productTypeLabelKey}).
 */
export function productFacetOptions(
  facets: ProductSearchResult["facets"],
  filters: ProductFilters,
  reference: ReferenceData,
  locale: Locale,
  t: TFunction,
): ProductFacetOptions {
  const option = (value: string, label: string, count: number, checked: boolean): FacetOption => ({
    value,
    label,
    count,
    checked,
  });
  const compare = compareText(locale);
  const byLabel = (a: FacetOption, b: FacetOption) => compare(a.label, b.label);
  const colorIds = new Set(facets.colors.map((f) => f.key));
  return {
    inventories: withChecked(facets.inventories, filters.inventories).map((f) =>
      option(f.key, t(channelNameKey(f.key)), f.count, filters.inventories.includes(f.key)),
    ),
    types: reference.productTypes
      .map((type) =>
        option(
          type.code,
          t(productTypeLabelKey(type.code)),
          facets.types.find((f) => f.key === type.code)?.count ?? 0,
          filters.types.includes(type.code),
        ),
      )
      .filter((o) => o.count > 0 || o.checked),
    countries: withChecked(facets.countries, filters.countries)
      .map((f) => option(f.key, countryName(f.key, locale), f.count, filters.countries.includes(f.key)))
      .sort(byLabel),
    regions: filters.countries.length
      ? withChecked(facets.regions, filters.regions)
          .flatMap((f) => {
            const region = reference.regionById.get(f.key);
            const country = region && reference.countryById.get(region.countryId);
            if (!region || !country || !filters.countries.includes(country.code)) return [];
            return [option(String(f.key), localizedName(region, locale), f.count, filters.regions.includes(f.key))];
          })
          .sort(byLabel)
      : [],
    colors: reference.attributes
      .filter((a) => a.typeCode === "PRODUCT_COLOR" && (colorIds.has(a.id) || filters.attributes.includes(a.id)))
      .map((a) =>
        option(
          String(a.id),
          localizedName(a, locale),
          facets.colors.find((f) => f.key === a.id)?.count ?? 0,
          filters.attributes.includes(a.id),
        ),
      ),
    grapes: withChecked(facets.grapes, filters.grapes)
      .flatMap((f) => {
        const grape = reference.grapeByCode.get(f.key);
        return grape ? [option(f.key, localizedName(grape, locale), f.count, filters.grapes.includes(f.key))] : [];
      })
      .sort(byLabel),
    statuses: withChecked(facets.statuses, filters.statuses).map((f) =>
      option(f.key, t(`availability.${f.key}`), f.count, filters.statuses.includes(f.key)),
    ),
    characteristics: reference.attributes
      .filter((a) => a.typeCode === "PROVIDER")
      .map((a) => ({ value: String(a.id), label: localizedName(a, locale), checked: filters.attributes.includes(a.id) })),
    otherAttributes: filters.attributes.filter((id) => {
      const typeCode = reference.attributeById.get(id)?.typeCode;
      return typeCode !== "PRODUCT_COLOR" && typeCode !== "PROVIDER";
    }),
  };
}
