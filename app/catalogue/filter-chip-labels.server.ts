/**
 * The names the catalogue's filter chips read (products and producers): each filter value
 * named in the page's language from the reference data and locales, never by its code.
 */
import type { TFunction } from "i18next";
import { channelNameKey } from "~/i18n/channel-names";
import { formatMoney } from "~/i18n/format";
import type { Locale } from "~/vocabulary";
import { countryName } from "./country-names.server";
import type { ProductChipLabels } from "./product-filter-chips";
import { productTypeLabelKey } from "./product-types";
import { localizedName, type ReferenceData } from "./reference.server";

/** Labels of every catalogue filter value, for {@link productFilterChips} and the producers' chips. */
export function catalogueChipLabels(reference: ReferenceData, locale: Locale, t: TFunction): ProductChipLabels {
  const named = (row: { nameFr: string; nameEn: string } | undefined) => (row ? localizedName(row, locale) : null);
  return {
    inventory: (code) => t(channelNameKey(code)),
    type: (code) => t(productTypeLabelKey(code)),
    attribute: (id) => named(reference.attributeById.get(id)),
    country: (code) => countryName(code, locale),
    region: (id) => named(reference.regionById.get(id)),
    grape: (code) => named(reference.grapeByCode.get(code)),
    status: (status) => t(`availability.${status}`),
    price: (minCents, maxCents) =>
      minCents === null
        ? t("filters.chips.priceUpTo", { max: formatMoney(maxCents, locale) })
        : t("filters.chips.priceRange", { min: formatMoney(minCents, locale), max: formatMoney(maxCents, locale) }),
    text: (text) => t("filters.chips.text", { text }),
  };
}
