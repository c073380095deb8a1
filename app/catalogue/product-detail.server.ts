/**
 * Product detail (SPEC §2 /products/{slug}): the product, its producer and origin, and its product
 * inventories with price, stock and availability per channel.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  attributes,
  countries,
  inventories,
  productAttributes,
  productInventories,
  products,
  productTypes,
  providers,
  regions,
} from "~/db/schema";
import type { AvailabilityStatus, ChannelKind, InventoryCode, Locale, Province, SalesUnit } from "~/vocabulary";
import { localized } from "~/lib/localized";

export interface ProductChannel {
  productInventoryId: number;
  puid: string;
  inventoryCode: InventoryCode;
  province: Province;
  channelKind: ChannelKind;
  salesUnit: SalesUnit;
  purchasable: boolean;
  city: string | null;
  priceCents: number;
  priceTaxInCents: number;
  agencyFeeCents: number;
  quantity: number;
  availabilityStatus: AvailabilityStatus;
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
  /** An alcoholic product type (SPEC §5 licence rule, §6 member single-bottle price). */
  isAlcohol: boolean;
  provider: { id: number; slug: string; name: string };
  countryCode: string | null;
  regionName: string | null;
  attributes: { id: number; typeCode: string; code: string; name: string }[];
  channels: ProductChannel[];
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
    db
      .select({
        productInventoryId: productInventories.id,
        puid: productInventories.puid,
        inventoryCode: productInventories.inventoryCode,
        province: inventories.province,
        channelKind: inventories.channelKind,
        salesUnit: inventories.salesUnit,
        purchasable: inventories.purchasable,
        city: inventories.city,
        priceCents: productInventories.priceCents,
        priceTaxInCents: productInventories.priceTaxInCents,
        agencyFeeCents: productInventories.agencyFeeCents,
        quantity: productInventories.quantity,
        availabilityStatus: productInventories.availabilityStatus,
        liquorBoardCode: productInventories.liquorBoardCode,
      })
      .from(productInventories)
      .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
      .where(and(eq(productInventories.productId, row.id)))
      .orderBy(asc(inventories.position)),
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
  };
}
