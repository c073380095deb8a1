/**
 * The producers' country → region filter tree of docs/product.md#producers: a root 'All' with id 0, countries with
 * ids offset by 10000 (so they never clash with region ids), regions under their country, and a
 * country without regions disabled.
 */

export const ROOT_NODE_ID = 0;
export const COUNTRY_ID_OFFSET = 10000;

export interface TreeNode {
  id: number;
  kind: "root" | "country" | "region";
  label: string;
  /** ISO code for a country, numeric id (as text) for a region, "" for the root. */
  value: string;
  checked: boolean;
  disabled: boolean;
  children: TreeNode[];
}

export interface TreeCountry {
  id: number;
  code: string;
  name: string;
  regions: { id: number; name: string }[];
}

/**
 * Builds the tree.
 * @param countries countries with their regions, in display order
 * @param selected the selected country codes and region ids from the URL
 * @returns the root node; a country is checked when selected, a region when selected or when its
 *   country is; the root is checked when nothing is selected (everything is shown).
 */
export function buildFilterTree(
  countries: readonly TreeCountry[],
  selected: { countries: string[]; regions: number[] },
  rootLabel: string,
): TreeNode {
  const countryCodes = new Set(selected.countries);
  const regionIds = new Set(selected.regions);
  const children = countries.map((country): TreeNode => {
    const countryChecked = countryCodes.has(country.code);
    return {
      id: COUNTRY_ID_OFFSET + country.id,
      kind: "country",
      label: country.name,
      value: country.code,
      checked: countryChecked,
      disabled: country.regions.length === 0,
      children: country.regions.map((region) => ({
        id: region.id,
        kind: "region",
        label: region.name,
        value: String(region.id),
        checked: countryChecked || regionIds.has(region.id),
        disabled: false,
        children: [],
      })),
    };
  });
  return {
    id: ROOT_NODE_ID,
    kind: "root",
    label: rootLabel,
    value: "",
    checked: countryCodes.size === 0 && regionIds.size === 0,
    disabled: false,
    children,
  };
}

/** The filter count of docs/product.md#producers: selected attributes + countries + regions. */
export function providerFilterCount(selected: { attributes: number[]; countries: string[]; regions: number[] }): number {
  return selected.attributes.length + selected.countries.length + selected.regions.length;
}
