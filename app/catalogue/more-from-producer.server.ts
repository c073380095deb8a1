/**
 * "Du même producteur" on a product page (docs/decisions/041-favourites-and-recently-viewed.md): a
 * few other products of the same producer that the visitor can get in their province now — in the
 * province's default availability (docs/product.md#channels-and-inventories), AVAILABLE, not the page's product — as the product
 * list's cards show them (the list's own card query, so its cards are the same).
 */
import type { Database } from "~/db/client.server";
import type { Locale, Province, TaxMode } from "~/vocabulary";
import { countryName } from "./country-names.server";
import { withMainPhotos } from "./photos-on-pages.server";
import { listAvailableFromProducer } from "./products.server";

/** Cards shown at most. */
const MORE_FROM_PRODUCER_MAX = 4;

/**
 * Up to {@link MORE_FROM_PRODUCER_MAX} of the producer's other products available in `province`,
 * one card per product with its available channels, with their photos and country names.
 */
export async function moreFromProducer(
  db: Database,
  options: { providerId: number; exceptProductId: number; province: Province; taxMode: TaxMode; locale: Locale },
) {
  const picked = await listAvailableFromProducer(db, { ...options, limit: MORE_FROM_PRODUCER_MAX });
  return (await withMainPhotos(db, picked, options.locale)).map((item) => ({
    ...item,
    countryName: item.countryCode ? countryName(item.countryCode, options.locale) : null,
  }));
}
