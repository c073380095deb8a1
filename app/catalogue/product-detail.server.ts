/**
 * Product detail (docs/product.md#product-page /products/{slug}): the product, its producer and origin, and its product
 * inventories with price, stock and availability per channel.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { attributes, countries, productAttributes, products, productTypes, providers, regions } from "~/db/schema";
import { localized } from "~/lib/localized";
import type { Locale } from "~/vocabulary";
import type { ProductInventoryView } from "./product-inventory";
import { readProductInventories } from "./product-inventory.server";

/** A channel of the product page: the read model, with its puid, shop city and liquor-board code. */
export interface ProductChannel extends ProductInventoryView {
  puid: string;
  city: string | null;
  liquorBoardCode: string | null;
}

export interface ProductDetail {
  id: number;
  puid: string;
  slug: string;
  name: string;
  description: string;
  vintage: number | null;
  volumeMl: number | null;
  uvc: number;
  typeCode: string;
  zeroRated: boolean;
  /** An alcoholic product type (docs/product.md#alcohol-with-food licence rule, docs/product.md#members member single-bottle price). */
  isAlcohol: boolean;
  provider: { id: number; slug: string; name: string };
  countryCode: string | null;
  regionName: string | null;
  attributes: { id: number; typeCode: string; code: string; name: string }[];
  channels: ProductChannel[];
  /** Its allocation to members (decision 049): both days `YYYY-MM-DD`, or both null. */
  membersOnlyFrom: string | null;
  membersOnlyUntil: string | null;
}

/**
 * Loads a product by slug with every channel it is sold in (all provinces, ordered by inventory).
 * @returns null when no product has this slug.
 */
export async function getProductDetail(db: Database, slug: string, locale: Locale): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      id: products.id,
      puid: products.puid,
      slug: products.slug,
      name: localized(locale, products.nameFr, products.nameEn),
      description: localized(locale, products.descriptionFr, products.descriptionEn),
      vintage: products.vintage,
      volumeMl: products.volumeMl,
      uvc: products.uvc,
      typeCode: products.typeCode,
      zeroRated: products.zeroRated,
      isAlcohol: productTypes.isAlcohol,
      providerId: providers.id,
      providerSlug: providers.slug,
      providerName: providers.name,
      countryCode: countries.code,
      regionName: localized(locale, regions.nameFr, regions.nameEn),
      membersOnlyFrom: products.membersOnlyFrom,
      membersOnlyUntil: products.membersOnlyUntil,
    })
    .from(products)
    .innerJoin(providers, eq(providers.id, products.providerId))
    .innerJoin(productTypes, eq(productTypes.code, products.typeCode))
    .leftJoin(countries, eq(countries.id, products.countryId))
    .leftJoin(regions, eq(regions.id, products.regionId))
    .where(eq(products.slug, slug))
    .limit(1);
  if (!row) return null;

  const [attributeRows, channelRows] = await Promise.all([
    db
      .select({
        id: attributes.id,
        typeCode: attributes.typeCode,
        code: attributes.code,
        name: localized(locale, attributes.nameFr, attributes.nameEn),
      })
      .from(productAttributes)
      .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
      .where(eq(productAttributes.productId, row.id))
      .orderBy(asc(attributes.typeCode), asc(attributes.id)),
    readProductInventories(db, row.id),
  ]);

  return {
    id: row.id,
    puid: row.puid,
    slug: row.slug,
    name: row.name,
    description: row.description,
    vintage: row.vintage,
    volumeMl: row.volumeMl,
    uvc: row.uvc,
    typeCode: row.typeCode,
    zeroRated: row.zeroRated,
    isAlcohol: row.isAlcohol,
    provider: { id: row.providerId, slug: row.providerSlug, name: row.providerName },
    countryCode: row.countryCode,
    regionName: row.regionName,
    attributes: attributeRows,
    channels: channelRows,
    membersOnlyFrom: row.membersOnlyFrom,
    membersOnlyUntil: row.membersOnlyUntil,
  };
}
