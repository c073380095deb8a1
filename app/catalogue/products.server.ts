/**
 * Product list search (SPEC §2 /products, §5 price filter, §3 filter selection) and product detail.
 * Lists product inventories (a product in one channel) so prices, stock and availability are
 * those of the channel the shopper will buy from.
 */
import { and, asc, count, desc, eq, exists, inArray, lte, gte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  attributes,
  countries,
  inventories,
  productAttributes,
  productInventories,
  products,
  providers,
  regions,
} from "~/db/schema";
import type { Locale, Province, TaxMode } from "~/preferences/preferences";
import { paginate, type Pagination } from "./pagination";
import type { ProductFilters } from "./product-filters";
import { defaultInventoryCodes, type ReferenceData } from "./reference.server";

/** Products per page of the product list (not in the spec: docs/decisions/002-page-sizes.md). */
export const PRODUCT_PAGE_SIZE = 24;

export interface SearchOptions {
  province: Province;
  taxMode: TaxMode;
  locale: Locale;
  pageSize?: number;
  /** Only this producer's products (the producer page's list). */
  providerId?: number;
}

/** One row of the product list: a product in one inventory, with the price of the tax mode. */
export interface ProductListItem {
  productInventoryId: number;
  inventoryCode: string;
  /** Province of the channel (its taxes apply). */
  province: Province;
  channelKind: string;
  salesUnit: string;
  purchasable: boolean;
  zeroRated: boolean;
  /** Per bottle or unit in cents, before taxes. */
  priceCents: number;
  /** Per bottle or unit in cents, taxes included. */
  priceTaxInCents: number;
  agencyFeeCents: number;
  /** Bottles or units in stock. */
  quantity: number;
  availabilityStatus: "AVAILABLE" | "UPCOMING";
  productId: number;
  puid: string;
  slug: string;
  name: string;
  vintage: number | null;
  volumeMl: number | null;
  uvc: number;
  typeCode: string;
  providerName: string;
  providerSlug: string;
  countryCode: string | null;
  regionName: string | null;
  colorCode: string | null;
}

export interface FacetCount<K> {
  key: K;
  count: number;
}

export interface ProductSearchResult {
  items: ProductListItem[];
  pagination: Pagination;
  /** The inventory codes searched: the ones asked for, else the province's default availability. */
  inventoryCodes: string[];
  facets: {
    inventories: FacetCount<string>[];
    types: FacetCount<string>[];
    countries: FacetCount<string>[];
    regions: FacetCount<number>[];
    colors: FacetCount<number>[];
  };
}

type Facet = "inventory" | "type" | "country" | "region" | "color" | null;

const nameColumn = (locale: Locale) => (locale.startsWith("en") ? products.nameEn : products.nameFr);

const colorCode = sql<string | null>`(
  select ${attributes.code} from ${productAttributes}
  join ${attributes} on ${attributes.id} = ${productAttributes.attributeId}
  where ${productAttributes.productId} = ${products.id} and ${attributes.typeCode} = 'PRODUCT_COLOR'
  limit 1)`;

/** Escapes LIKE wildcards so a shopper's `%` or `_` matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The text condition: a full-text match in the page's language, or the product's or producer's
 * name containing the text, accents ignored (trigram indexes on the unaccented names).
 */
export function textCondition(text: string, locale: Locale): SQL {
  const english = locale.startsWith("en");
  const vector = english ? products.searchEn : products.searchFr;
  const config = english ? "english" : "french";
  const pattern = `%${escapeLike(text)}%`;
  return or(
    sql`${vector} @@ websearch_to_tsquery(${config}::regconfig, cuvee_unaccent(${text}))`,
    sql`cuvee_unaccent(${nameColumn(locale)}) ilike cuvee_unaccent(${pattern})`,
    sql`cuvee_unaccent(${providers.name}) ilike cuvee_unaccent(${pattern})`,
  )!;
}

function conditions(
  filters: ProductFilters,
  reference: ReferenceData,
  options: SearchOptions,
  except: Facet,
): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const inventoryCodes = filters.inventories.length
    ? filters.inventories
    : defaultInventoryCodes(reference, options.province);
  if (except === "inventory") {
    // The channel facet offers every channel of the province, plus any asked for elsewhere.
    const offered = reference.inventories.filter((i) => i.province === options.province).map((i) => i.code);
    parts.push(inArray(productInventories.inventoryCode, [...new Set([...offered, ...filters.inventories])]));
  } else {
    parts.push(inArray(productInventories.inventoryCode, inventoryCodes));
  }
  if (except !== "type" && filters.types.length) parts.push(inArray(products.typeCode, filters.types));
  if (except !== "country" && filters.countries.length) {
    const ids = filters.countries.map((c) => reference.countryByCode.get(c)?.id ?? -1);
    parts.push(inArray(products.countryId, ids));
  }
  if (except !== "region" && filters.regions.length) parts.push(inArray(products.regionId, filters.regions));

  // Attributes: any of the values within one attribute type, all types together.
  const byType = new Map<string, number[]>();
  for (const id of filters.attributes) {
    const typeCode = reference.attributeById.get(id)?.typeCode ?? "UNKNOWN";
    if (except === "color" && typeCode === "PRODUCT_COLOR") continue;
    byType.set(typeCode, [...(byType.get(typeCode) ?? []), id]);
  }
  for (const ids of byType.values()) {
    parts.push(
      exists(
        sql`(select 1 from ${productAttributes} where ${productAttributes.productId} = ${products.id} and ${inArray(productAttributes.attributeId, ids)})`,
      ),
    );
  }

  // SPEC §5: the price filter applies only when a maximum is set; tax-inclusive column in IN mode.
  if (filters.maxCents !== null) {
    const column = options.taxMode === "IN" ? productInventories.priceTaxInCents : productInventories.priceCents;
    parts.push(lte(column, filters.maxCents));
    if (filters.minCents !== null) parts.push(gte(column, filters.minCents));
  }
  if (filters.text) parts.push(textCondition(filters.text, options.locale));
  if (options.providerId !== undefined) parts.push(eq(products.providerId, options.providerId));
  return and(...parts);
}

function baseQuery<T extends Record<string, unknown>>(db: Database, fields: T) {
  return db
    .select(fields as never)
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .leftJoin(countries, eq(countries.id, products.countryId))
    .leftJoin(regions, eq(regions.id, products.regionId));
}

function orderBy(filters: ProductFilters, options: SearchOptions): SQL[] {
  const name = nameColumn(options.locale);
  const price = options.taxMode === "IN" ? productInventories.priceTaxInCents : productInventories.priceCents;
  switch (filters.sort) {
    case "price-desc":
      return [desc(price), asc(name), asc(productInventories.id)];
    case "price-asc":
      return [asc(price), asc(name), asc(productInventories.id)];
    case "qty-desc":
      return [desc(productInventories.quantity), asc(name), asc(productInventories.id)];
    case "name":
      return [asc(name), asc(productInventories.id)];
    default: {
      const byStatus = asc(productInventories.availabilityStatus);
      if (!filters.text) return [byStatus, asc(name), asc(productInventories.id)];
      const vector = options.locale.startsWith("en") ? products.searchEn : products.searchFr;
      const config = options.locale.startsWith("en") ? "english" : "french";
      return [
        desc(sql`ts_rank(${vector}, websearch_to_tsquery(${config}::regconfig, cuvee_unaccent(${filters.text})))`),
        byStatus,
        asc(name),
        asc(productInventories.id),
      ];
    }
  }
}

async function facetCounts<K extends string | number>(
  db: Database,
  key: SQL<K> | typeof products.typeCode,
  where: SQL | undefined,
  extraWhere?: SQL,
): Promise<FacetCount<K>[]> {
  const rows = (await baseQuery(db, { key, count: count() })
    .where(and(where, extraWhere))
    .groupBy(key as SQL)) as { key: K | null; count: number }[];
  return rows
    .filter((r): r is { key: K; count: number } => r.key !== null)
    .map((r) => ({ key: r.key, count: Number(r.count) }));
}

/**
 * Searches the product list.
 * @param filters parsed URL filters ({@link ProductFilters}); `filters.page` may exceed the last
 *   page: the result's `pagination.page` is then the last page (the route redirects there).
 * @returns the page's items, the pagination and facet counts (each facet counted without its own
 *   filter, so choosing a value never hides its siblings).
 */
export async function searchProducts(
  db: Database,
  reference: ReferenceData,
  filters: ProductFilters,
  options: SearchOptions,
): Promise<ProductSearchResult> {
  const size = options.pageSize ?? PRODUCT_PAGE_SIZE;
  const where = conditions(filters, reference, options, null);
  const [{ total }] = (await baseQuery(db, { total: count() }).where(where)) as unknown as [{ total: number }];
  const pagination = paginate(Number(total), filters.page, size);
  const colorIds = reference.attributes.filter((a) => a.typeCode === "PRODUCT_COLOR").map((a) => a.id);

  const [items, inventoryFacet, typeFacet, countryFacet, regionFacet, colorFacet] = await Promise.all([
    baseQuery(db, {
      productInventoryId: productInventories.id,
      inventoryCode: productInventories.inventoryCode,
      province: inventories.province,
      channelKind: inventories.channelKind,
      salesUnit: inventories.salesUnit,
      purchasable: inventories.purchasable,
      zeroRated: products.zeroRated,
      priceCents: productInventories.priceCents,
      priceTaxInCents: productInventories.priceTaxInCents,
      agencyFeeCents: productInventories.agencyFeeCents,
      quantity: productInventories.quantity,
      availabilityStatus: productInventories.availabilityStatus,
      productId: products.id,
      puid: products.puid,
      slug: products.slug,
      name: nameColumn(options.locale),
      vintage: products.vintage,
      volumeMl: products.volumeMl,
      uvc: products.uvc,
      typeCode: products.typeCode,
      providerName: providers.name,
      providerSlug: providers.slug,
      countryCode: countries.code,
      regionName: options.locale.startsWith("en") ? regions.nameEn : regions.nameFr,
      colorCode,
    })
      .where(where)
      .orderBy(...orderBy(filters, options))
      .limit(size)
      .offset(pagination.offset) as Promise<ProductListItem[]>,
    facetCounts<string>(db, productInventories.inventoryCode as never, conditions(filters, reference, options, "inventory")),
    facetCounts<string>(db, products.typeCode as never, conditions(filters, reference, options, "type")),
    facetCounts<string>(db, countries.code as never, conditions(filters, reference, options, "country")),
    facetCounts<number>(db, products.regionId as never, conditions(filters, reference, options, "region")),
    colorIds.length
      ? colorFacets(db, conditions(filters, reference, options, "color"), colorIds)
      : Promise.resolve([]),
  ]);

  return {
    items,
    pagination,
    inventoryCodes: filters.inventories.length ? filters.inventories : defaultInventoryCodes(reference, options.province),
    facets: {
      inventories: inventoryFacet,
      types: typeFacet,
      countries: countryFacet,
      regions: regionFacet,
      colors: colorFacet,
    },
  };
}

async function colorFacets(db: Database, where: SQL | undefined, colorIds: number[]): Promise<FacetCount<number>[]> {
  const rows = await db
    .select({ key: productAttributes.attributeId, count: count() })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .innerJoin(productAttributes, eq(productAttributes.productId, products.id))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .where(and(where, inArray(productAttributes.attributeId, colorIds)))
    .groupBy(productAttributes.attributeId);
  return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
}
