/**
 * "Du même producteur" on a product page (docs/decisions/041-favourites-and-recently-viewed.md): a
 * few other products of the same producer that the visitor can get in their province now — in the
 * province's default availability (SPEC §2), AVAILABLE, not the page's product — as the product
 * list's cards show them (the list's own search, so its rows and cards are the same).
 */
import type { Database } from "~/db/client.server";
import type { Locale, Province, TaxMode } from "~/vocabulary";
import { countryName } from "./country-names.server";
import { withMainPhotos } from "./photos-on-pages.server";
import { parseProductFilters } from "./product-filters";
import { searchProducts } from "./products.server";
import { defaultInventoryCodes, getReferenceData } from "./reference.server";

/** Cards shown at most. */
export const MORE_FROM_PRODUCER_MAX = 4;
/** Products read to find them (one may be the page's product, some only upcoming). */
const ROWS_READ = 16;

/**
 * Up to {@link MORE_FROM_PRODUCER_MAX} of the producer's other products available in `province`,
 * one card per product with its available channels, with their photos and
 * country names.
 */
export async function moreFromProducer(
  db: Database,
  options: { providerId: number; exceptProductId: number; province: Province; taxMode: TaxMode; locale: Locale },
) {
  const reference = await getReferenceData(db);
  const filters = {
    ...parseProductFilters(new URLSearchParams(), reference.known),
    inventories: defaultInventoryCodes(reference, options.province),
  };
  const result = await searchProducts(db, reference, filters, {
    province: options.province,
    taxMode: options.taxMode,
    locale: options.locale,
    providerId: options.providerId,
    pageSize: ROWS_READ,
  });
  // One card per product already (docs/decisions/040); only its available channels are kept.
  const picked = result.items.flatMap((item) => {
    if (item.productId === options.exceptProductId) return [];
    const channels = item.channels.filter((channel) => channel.availabilityStatus === "AVAILABLE");
    return channels.length > 0 ? [{ ...item, channels }] : [];
  });
  return (await withMainPhotos(db, picked.slice(0, MORE_FROM_PRODUCER_MAX), options.locale)).map((item) => ({
    ...item,
    countryName: item.countryCode ? countryName(item.countryCode, options.locale) : null,
  }));
}
