/**
 * Product list search (docs/product.md#product-list /products, price filter, filter selection) and product detail.
 * Lists product inventories (a product in one channel) so prices, stock and availability are
 * those of the channel the shopper will buy from.
 */
import { and, asc, count, desc, eq, exists, gte, inArray, isNull, lte, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { createDatabaseCache } from "~/cache.server";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/db/like-pattern";
import {
  attributes,
  countries,
  grapeVarieties,
  inventories,
  productAttributes,
  productFacetCounts,
  productGrapes,
  productInventories,
  productListing,
  products,
  providers,
  regions,
} from "~/db/schema";
import { webSearchQuery } from "~/db/text-search";
import { compareText } from "~/i18n/format";
import { localized } from "~/lib/localized";
import { paginate, type Pagination } from "~/lib/pagination";
import { AVAILABILITY_STATUSES, type AvailabilityStatus, type InventoryCode, type Locale, type Province, type TaxMode } from "~/vocabulary";
import { countryName } from "./country-names.server";
import type { ProductFilters } from "./product-filters";
import type { ProductInventoryView } from "./product-inventory";
import { productInventoryColumns } from "./product-inventory.server";
import { defaultInventoryCodes, localizedName, type ReferenceData } from "./reference.server";

export interface SearchOptions {
  province: Province;
  taxMode: TaxMode;
  locale: Locale;
  /** Overrides `filters.size` (the home page's selection, the producer page's 51). */
  pageSize?: number;
  /** Only this producer's products (the producer page's list). */
  providerId?: number;
}

/** One row of the product list: a product in one inventory (the read model) and its product. */
export interface ProductListItem extends ProductInventoryView {
  zeroRated: boolean;
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

/** One channel of a listed product: the product in one inventory (the read model). */
export type ListedChannel = ProductInventoryView;

/**
 * One card of the product list: a product once, with its channels of the list (docs/decisions/040:
 * a wine is one card whatever the number of channels it is sold through). The channels are the
 * product's inventories in the list's universe: the ones the URL names first, then the default-listed
 * ones of the list's provinces (the visitor's, or those of the inventories named), in the
 * inventories' display order.
 */
export interface ListedProduct {
  productId: number;
  zeroRated: boolean;
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
  /** At least one. */
  channels: ListedChannel[];
}

export interface FacetCount<K> {
  key: K;
  count: number;
}

export interface ProductSearchResult {
  /** The page's products, each once (docs/decisions/040); the page size counts products. */
  items: ListedProduct[];
  pagination: Pagination;
  /** The inventory codes searched: the ones asked for, else the province's default availability. */
  inventoryCodes: string[];
  facets: {
    inventories: FacetCount<InventoryCode>[];
    types: FacetCount<string>[];
    countries: FacetCount<string>[];
    regions: FacetCount<number>[];
    colors: FacetCount<number>[];
    /** Grape variety codes (decision 036). */
    grapes: FacetCount<string>[];
    /**
     * Products with a channel of the list in each availability status (decision 051): a product
     * with an available and an upcoming channel counts under both.
     */
    statuses: FacetCount<AvailabilityStatus>[];
  };
}

const nameColumn = (locale: Locale) => localized(locale, products.nameFr, products.nameEn);
/** The product's name in the list's search table (its sort key). */
const listingName = (locale: Locale) => localized(locale, productListing.nameFr, productListing.nameEn);

/** The product's colour: its smallest PRODUCT_COLOR attribute, the one the list filters and counts it under. */
const colorCode = sql<string | null>`(
  select ${attributes.code} from ${productAttributes}
  join ${attributes} on ${attributes.id} = ${productAttributes.attributeId}
  where ${productAttributes.productId} = ${products.id} and ${attributes.typeCode} = 'PRODUCT_COLOR'
  order by ${attributes.id} limit 1)`;

/** The product's search vector in the list's search table, in the page's language. */
function listingSearchVector(locale: Locale) {
  return localized(locale, productListing.searchFr, productListing.searchEn);
}

/**
 * The text condition on the list's search table: the product matches in full text in the page's
 * language, or its name, its producer's name or one of its grapes' names (in either language,
 * decision 036) contains the text, accents ignored. The listing row
 * carries the product's search vectors and names with their own indexes (full text and trigram,
 * migration 0011), so the database combines them with the producer's rows in one bitmap instead of
 * looking every matching product up in the listing. The matching producers are found first through
 * their own trigram index (`= any(array(…))`), then read through the listing's producer index.
 */
export function textCondition(text: string, locale: Locale): SQL {
  const pattern = containsPattern(text);
  return or(
    sql`${listingSearchVector(locale)} @@ ${webSearchQuery(text, locale)}`,
    sql`cuvee_unaccent(${listingName(locale)}) ilike cuvee_unaccent(${pattern})`,
    sql`${productListing.providerId} = any(array(select ${providers.id} from ${providers} where cuvee_unaccent(${providers.name}) ilike cuvee_unaccent(${pattern})))`,
    // The products of the matching grapes (few varieties match a text; most texts match none).
    sql`${productListing.productId} = any(array(select ${productGrapes.productId} from ${productGrapes} where ${productGrapes.grapeId} = any(array(select ${grapeVarieties.id} from ${grapeVarieties} where cuvee_unaccent(${grapeVarieties.nameFr}) ilike cuvee_unaccent(${pattern}) or cuvee_unaccent(${grapeVarieties.nameEn}) ilike cuvee_unaccent(${pattern})))))`,
  )!;
}

/** The SQL conditions of a search, one per filter dimension (undefined = no condition). */
interface SearchConditions {
  /** The inventories searched (the ones asked for, else the province's defaults). */
  inventory: SQL;
  /** The provinces of those inventories: the visitor's, unless the URL names others' inventories. */
  provinces: Province[];
  /** The inventory facet's universe: every channel of the province, plus any asked for. */
  offeredInventory: SQL;
  type: SQL | undefined;
  country: SQL | undefined;
  region: SQL | undefined;
  color: SQL | undefined;
  /**
   * The grape varieties asked for (decision 036): products made with any of them. Only on the
   * listing's rows: the materialized counts know no grapes.
   */
  grape: SQL | undefined;
  /**
   * The availability statuses asked for (decision 051), on the listing's rows: a channel in one of
   * them. Only on the listing's rows: the materialized counts know no statuses. Undefined when
   * none or every status is asked for.
   */
  status: SQL | undefined;
  /** Conditions no facet ignores: other attributes, price, text, producer. */
  common: SQL | undefined;
}

function attributeExists(ids: number[]): SQL {
  return exists(
    sql`(select 1 from ${productAttributes} where ${productAttributes.productId} = ${productListing.productId} and ${inArray(productAttributes.attributeId, ids)})`,
  );
}

/** The listing row's product is made with one of these grapes (codes; unknown ones match nothing). */
function grapeExists(codes: string[], reference: ReferenceData): SQL {
  const ids = codes.map((code) => reference.grapeByCode.get(code)?.id ?? -1);
  return exists(
    sql`(select 1 from ${productGrapes} where ${productGrapes.productId} = ${productListing.productId} and ${inArray(productGrapes.grapeId, ids)})`,
  );
}

/** The facet columns, of the listing table or of the materialized counts (same names, same meaning). */
type FacetColumnName = "inventoryCode" | "typeCode" | "countryId" | "regionId" | "colorId";
type FacetColumns = Pick<typeof productListing, FacetColumnName> | Pick<typeof productFacetCounts, FacetColumnName>;

function searchConditions(
  filters: ProductFilters,
  reference: ReferenceData,
  options: SearchOptions,
  columns: FacetColumns = productListing,
): SearchConditions {
  const inventoryCodes = filters.inventories.length ? filters.inventories : defaultInventoryCodes(reference, options.province);
  const offered = reference.inventories.filter((i) => i.province === options.province).map((i) => i.code);
  const offeredCodes = [...new Set([...offered, ...filters.inventories])];

  // Attributes: any of the values within one attribute type, all types together.
  const byType = new Map<string, number[]>();
  for (const id of filters.attributes) {
    const typeCode = reference.attributeById.get(id)?.typeCode ?? "UNKNOWN";
    byType.set(typeCode, [...(byType.get(typeCode) ?? []), id]);
  }
  const colorIds = byType.get("PRODUCT_COLOR");
  byType.delete("PRODUCT_COLOR");

  const common: (SQL | undefined)[] = [...byType.values()].map(attributeExists);
  // docs/product.md#product-list: the price filter applies only when a maximum is set; tax-inclusive column in IN mode.
  if (filters.maxCents !== null) {
    const column = options.taxMode === "IN" ? productListing.priceTaxInCents : productListing.priceCents;
    common.push(lte(column, filters.maxCents));
    if (filters.minCents !== null) common.push(gte(column, filters.minCents));
  }
  if (filters.text) common.push(textCondition(filters.text, options.locale));
  if (options.providerId !== undefined) common.push(eq(productListing.providerId, options.providerId));

  const listing = columns === productListing;
  return {
    inventory: listing
      ? listingInventoryCondition(reference, options.province, filters.inventories)
      : inArray(columns.inventoryCode, inventoryCodes),
    provinces: inventoryProvinces(reference, options.province, filters.inventories),
    offeredInventory: listing
      ? listingInventoryCondition(reference, options.province, offeredCodes)
      : inArray(columns.inventoryCode, offeredCodes),
    type: filters.types.length ? inArray(columns.typeCode, filters.types) : undefined,
    country: filters.countries.length
      ? inArray(
          columns.countryId,
          filters.countries.map((c) => reference.countryByCode.get(c)?.id ?? -1),
        )
      : undefined,
    region: filters.regions.length ? inArray(columns.regionId, filters.regions) : undefined,
    color: colorIds ? inArray(columns.colorId, colorIds) : undefined,
    grape: listing && filters.grapes.length ? grapeExists(filters.grapes, reference) : undefined,
    status:
      listing && filters.statuses.length > 0 && filters.statuses.length < AVAILABILITY_STATUSES.length
        ? inArray(productListing.availabilityStatus, filters.statuses)
        : undefined,
    common: and(...common),
  };
}

/** The provinces of the inventories named (none named: the visitor's province, whose default list it is). */
function inventoryProvinces(reference: ReferenceData, province: Province, chosen: InventoryCode[]): Province[] {
  if (chosen.length === 0) return [province];
  return [...new Set(chosen.map((code) => reference.inventoryByCode.get(code)?.province ?? province))];
}

/**
 * The inventories of a list as a condition on the listing's own columns (docs/product.md#product-list: a province's
 * default list shows its default-listed inventories, a filter names inventories). Every order's
 * index starts with the province and carries the default flag (migration 0013), so the default list
 * is one range of one province read without comparing inventory codes, and named inventories are
 * read within their provinces' ranges.
 * @param chosen the inventories named; none = the province's default list
 */
function listingInventoryCondition(reference: ReferenceData, province: Province, chosen: InventoryCode[]): SQL {
  if (chosen.length === 0) return and(eq(productListing.province, province), eq(productListing.defaultListed, true))!;
  return and(
    inArray(productListing.province, inventoryProvinces(reference, province, chosen)),
    inArray(productListing.inventoryCode, chosen),
  )!;
}

/**
 * Where the counts come from: the materialized counts when only facet columns filter (each row
 * weighs its product inventory count), else the listing rows themselves (each weighs 1).
 */
interface CountSource {
  table: typeof productListing | typeof productFacetCounts;
  columns: FacetColumns;
  /** The count of the rows matching a condition (all rows when undefined). */
  countWhere: (condition: SQL | undefined) => SQL<number>;
}

const listingRows: CountSource = {
  table: productListing,
  columns: productListing,
  countWhere: (condition) => (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`),
};

const materializedCounts: CountSource = {
  table: productFacetCounts,
  columns: productFacetCounts,
  countWhere: (condition) =>
    sql<number>`coalesce(sum(${productFacetCounts.productInventoryCount}) ${condition ? sql`filter (where ${condition})` : sql``}, 0)`,
};

/**
 * Rewrites the materialized facet counts (a few thousand rows) into a compact table, after a bulk
 * catalogue change has committed (an import, a generated catalogue). Every statement of such a
 * change rewrites the counts it touches, and inside one transaction none of the old versions can be
 * pruned: 100,000 generated products left 5,413 counts spread over 12 MB, which every
 * `/products` page without a text or price filter reads whole (4.4 ms per page at 100k instead of
 * 2 ms; decision 022). A plain VACUUM frees that space for reuse but keeps the table's size.
 * `VACUUM FULL` takes the table's exclusive lock for the rewrite (34 ms at 100k): list pages wait
 * that long once, never see a partial table. Versions an older snapshot still open on the server
 * may see are kept: the next bulk change compacts them.
 * @throws the database's error inside a transaction (VACUUM cannot run in one)
 */
export async function compactFacetCounts(db: Database): Promise<void> {
  await db.execute(sql`vacuum (full, analyze) ${productFacetCounts}`);
}

/** The columns the list's orders sort on: the search table's, or the same ones read from a subquery of it. */
interface OrderColumns {
  id: SQLWrapper;
  availabilityStatus: SQLWrapper;
  name: SQLWrapper;
  price: SQLWrapper;
  quantity: SQLWrapper;
  /** The text search's relevance (only the default order of a text search sorts on it). */
  rank: SQLWrapper;
  /** The country's place among the countries by name in the page's language (the origin order). */
  countryRank: SQLWrapper;
  /** The region's place among the regions by country, then by name in the page's language. */
  regionRank: SQLWrapper;
}

/** Whether the list is ordered by relevance: the default order of a text search. */
const byRelevance = (filters: ProductFilters) => filters.text !== "" && filters.sort === "relevance";

/**
 * The text search's relevance: the listing row's copy of the product's search vector (migration
 * 0011) ranked against the text, so no product is looked up.
 */
function relevance(text: string, locale: Locale): SQL<number> {
  return sql<number>`ts_rank(${listingSearchVector(locale)}, ${webSearchQuery(text, locale)})`;
}

/** The search table's columns for the list's order in this language and tax mode. */
function listingOrderColumns(filters: ProductFilters, options: SearchOptions, reference: ReferenceData) {
  const origin = filters.sort === "origin" ? originRanks(reference, options.locale) : null;
  return {
    id: productListing.productInventoryId,
    availabilityStatus: productListing.availabilityStatus,
    name: listingName(options.locale),
    price: options.taxMode === "IN" ? productListing.priceTaxInCents : productListing.priceCents,
    quantity: productListing.quantity,
    rank: byRelevance(filters) ? relevance(filters.text, options.locale) : sql<number>`0`,
    // The ranks' ids as one array literal parameter (`{3,1,2}`): one value, whatever their number.
    countryRank: origin
      ? sql<number>`array_position(${`{${origin.countryIds.join(",")}}`}::integer[], ${productListing.countryId})`
      : sql<number>`0`,
    regionRank: origin
      ? sql<number>`array_position(${`{${origin.regionIds.join(",")}}`}::integer[], ${productListing.regionId})`
      : sql<number>`0`,
  } satisfies OrderColumns;
}

/**
 * The origin order's ranks (decision 051): the countries' ids by their names in `locale`, and the
 * regions' ids by their country's rank, then their own names. Countries and regions are reference
 * data (tens of rows), so the order is an array position computed per listing row: no index gives
 * it, the matching rows are sorted (a bounded top-N sort as far as the page).
 */
export function originRanks(reference: ReferenceData, locale: Locale): { countryIds: number[]; regionIds: number[] } {
  const compare = compareText(locale);
  const countries = reference.countries
    .map((country) => ({ id: country.id, name: countryName(country.code, locale) }))
    .sort((a, b) => compare(a.name, b.name) || a.id - b.id);
  const countryRank = new Map(countries.map((country, index) => [country.id, index]));
  const regions = reference.regions
    .map((region) => ({
      id: region.id,
      country: countryRank.get(region.countryId) ?? countries.length,
      name: localizedName(region, locale),
    }))
    .sort((a, b) => a.country - b.country || compare(a.name, b.name) || a.id - b.id);
  return { countryIds: countries.map((c) => c.id), regionIds: regions.map((r) => r.id) };
}

/** One column of an order, and its direction. */
interface OrderKey {
  column: keyof OrderColumns;
  descending: boolean;
}

const ascending = (column: keyof OrderColumns): OrderKey => ({ column, descending: false });
const descending = (column: keyof OrderColumns): OrderKey => ({ column, descending: true });

/**
 * The list's order (docs/product.md#product-list sort). Each order but the text search's relevance is one index of the
 * search table read in order (migrations 0010, 0013): equal prices and quantities follow the product
 * inventory's id (descending with a descending price), so the index alone gives the page.
 */
function orderKeys(filters: ProductFilters): OrderKey[] {
  switch (filters.sort) {
    case "price-desc":
      return [descending("price"), descending("id")];
    case "price-asc":
      return [ascending("price"), ascending("id")];
    case "qty-desc":
      return [descending("quantity"), ascending("id")];
    case "name":
      return [ascending("name"), ascending("id")];
    // Decision 051: country, then region (a product without one after those with), then name.
    case "origin":
      return [ascending("countryRank"), ascending("regionRank"), ascending("name"), ascending("id")];
    case "relevance": {
      const byStatusAndName = [ascending("availabilityStatus"), ascending("name"), ascending("id")];
      return byRelevance(filters) ? [descending("rank"), ...byStatusAndName] : byStatusAndName;
    }
  }
}

/** The list's order ({@link orderKeys}) on these columns. */
function orderBy(filters: ProductFilters, columns: OrderColumns): SQL[] {
  return orderKeys(filters).map(({ column, descending: down }) => (down ? desc(columns[column]) : asc(columns[column])));
}

/**
 * Searches the product list.
 * @param filters parsed URL filters ({@link ProductFilters}); `filters.page` may exceed the last
 *   page: the result's `pagination.page` is then the last page (the route redirects there).
 * @returns the page's items, the pagination and facet counts (each facet counted without its own
 *   filter, so choosing a value never hides its siblings).
 *
 * The total and facet counts come from {@link countFacets}: from the materialized counts when only
 * facet filters apply, else from the matching rows; either is cached per filter combination until
 * the catalogue changes (the database's notice empties the cache, decision 026), at most
 * {@link COUNTS_CACHE_TTL_MS}. Meanwhile one query reads the requested page's ids in order (a page
 * past the last has none: the route redirects, so it is not read again); then one reads the page's
 * rows.
 */
export async function searchProducts(
  db: Database,
  reference: ReferenceData,
  filters: ProductFilters,
  options: SearchOptions,
): Promise<ProductSearchResult> {
  const size = options.pageSize ?? filters.size;
  const c = searchConditions(filters, reference, options);
  const all = and(c.inventory, c.type, c.country, c.region, c.color, c.grape, c.status, c.common);

  // Facet filters alone are counted from the materialized counts; any other condition (text,
  // price, other attributes, producer) counts the matching listing rows. Either is cached until the
  // catalogue changes. A page within reach is read at the same time, on another connection; a
  // farther one (likely past the last page: the route redirects) only once the counts clamp it.
  const columns = listingOrderColumns(filters, options, reference);
  const matched = (key: keyof OrderColumns) => sql`${sql.identifier("matched")}.${sql.identifier(key)}`;
  const matchedColumns: OrderColumns = {
    id: matched("id"),
    availabilityStatus: matched("availabilityStatus"),
    name: matched("name"),
    price: matched("price"),
    quantity: matched("quantity"),
    rank: matched("rank"),
    countryRank: matched("countryRank"),
    regionRank: matched("regionRank"),
  };
  // The order's columns and the product, read from the province's range of the order's index.
  const matchedRows = (where: SQL | undefined) =>
    db
      .select({
        productId: sql<number>`${productListing.productId}`.as("productId"),
        ...Object.fromEntries(orderKeys(filters).map(({ column }) => [column, sql`${columns[column]}`.as(column)])),
      })
      .from(productListing)
      .where(where);
  const readMatched = (rows: SQL, limit: number) =>
    db
      .select({ productId: sql<number>`${sql.identifier("matched")}.${sql.identifier("productId")}` })
      .from(sql`${rows} as ${sql.identifier("matched")}`)
      .orderBy(...orderBy(filters, matchedColumns))
      .limit(limit);
  /** The first `limit` listing rows' products matching `all`, in the list's order (a product once per channel). */
  const readRows = (limit: number, all: SQL | undefined): Promise<{ productId: number }[]> => {
    // A text search's rows are found first, through the text indexes, then sorted: `offset 0` keeps
    // the planner from walking a sort index instead, hoping to meet matches early. Matches cluster
    // (châteaux are dear): `t=chateau&sort=price-asc` walked 18,000 index entries for 24 rows, 30 ms
    // instead of 3 ms. Every text search sorted its matches before migration 0011 too.
    if (filters.text) return readMatched(sql`(${matchedRows(all)} offset 0)`, limit);
    if (c.provinces.length === 1) {
      return db
        .select({ productId: productListing.productId })
        .from(productListing)
        .where(all)
        .orderBy(...orderBy(filters, columns))
        .limit(limit);
    }
    // Inventories of both provinces (a URL naming them): each province's rows are read in order
    // from its range of the order's index, as far as the page, and merged (a Merge Append). Read
    // across both ranges, they would be sorted whole: 33 ms for page 300 at 100k instead of 7.
    const ranges = c.provinces.map(
      (province) =>
        sql`(${matchedRows(and(all, eq(productListing.province, province)))
          .orderBy(...orderBy(filters, columns))
          .limit(limit)})`,
    );
    return readMatched(sql`(${sql.join(ranges, sql` union all `)})`, limit);
  };
  /**
   * The page's product ids, in the list's order (docs/decisions/040): a product stands where its
   * first matching channel stands in the order (its cheapest for a price order), once. The rows are
   * read in order as far as needed to hold `offset + size` distinct products, then the repeats are
   * dropped. Most products have one channel in a list (73,139 rows for 64,126 products in Quebec's
   * default list at 100,000 products), so a quarter more rows than products are read at first, and
   * more if that falls short.
   */
  const readPage = async (pageOffset: number): Promise<number[]> => {
    // The origin order reads only the origins the page falls in (decision 051: no index gives it).
    const { where, skipped } = filters.sort === "origin" ? await originWindow(pageOffset) : { where: all, skipped: 0 };
    const offset = pageOffset - skipped;
    const wanted = offset + size;
    let limit = Math.ceil(wanted * 1.25) + size;
    for (;;) {
      const rows = await readRows(limit, where);
      const ids = distinctInOrder(rows.map((r) => Number(r.productId)));
      if (ids.length >= wanted || rows.length < limit) return ids.slice(offset, wanted);
      // Short of products: read far enough for the ratio of rows to products seen so far, and more.
      limit = Math.ceil(((limit * wanted) / Math.max(1, ids.length)) * 1.25) + size;
    }
  };
  /**
   * The origin order's window for a page (decision 051): the matching products counted by origin
   * (cached like the counts), then the rows of the origins holding products `pageOffset` to
   * `pageOffset + size` only — the origins before them are skipped by their counts. The rows are
   * found through the region and country indexes and sorted, instead of sorting every matching
   * row of the list (110 ms for Quebec's default list at 100,000 products).
   */
  const originWindow = async (pageOffset: number): Promise<{ where: SQL | undefined; skipped: number }> => {
    const groups = await cachedOriginGroups(db, filters, options, () => countOriginGroups(db, reference, options.locale, all));
    let skipped = 0;
    let index = 0;
    while (index < groups.length && skipped + groups[index]!.products <= pageOffset) skipped += groups[index++]!.products;
    const window: OriginGroup[] = [];
    let held = skipped;
    while (index < groups.length && held < pageOffset + size) {
      window.push(groups[index]!);
      held += groups[index++]!.products;
    }
    if (window.length === 0) return { where: sql`false`, skipped };
    return { where: and(all, originCondition(window)), skipped };
  };
  const requestedOffset = (Math.max(1, filters.page) - 1) * size;
  const [counts, earlyPage] = await Promise.all([
    cachedCounts(db, filters, options, () => countProducts(db, reference, filters, options, c)),
    requestedOffset <= PARALLEL_PAGE_MAX_OFFSET ? readPage(requestedOffset) : null,
  ]);
  const pagination = paginate(counts.total, filters.page, size);
  const pageIds = earlyPage ?? (counts.total === 0 ? [] : await readPage(pagination.offset));
  const inventoryCodes = filters.inventories.length ? filters.inventories : defaultInventoryCodes(reference, options.province);

  return {
    items: await loadListedProducts(db, pageIds, options.locale, {
      provinces: c.provinces,
      named: filters.inventories,
      taxMode: options.taxMode,
      minCents: filters.minCents,
      maxCents: filters.maxCents,
      statuses: filters.statuses,
    }),
    pagination,
    inventoryCodes,
    facets: counts.facets,
  };
}

/**
 * An origin of the origin order (decision 051): a region (its country follows from it), or a
 * country's products without a region, or the products without a country (both null).
 */
interface OriginGroup {
  countryId: number | null;
  regionId: number | null;
  /** Products matching the list's filters with this origin. */
  products: number;
}

const originGroupsCache = createDatabaseCache<string, OriginGroup[]>({ ttlMs: 60_000, maxEntries: 1_000 });

/** The origin groups of a filter combination and language, cached like the counts (until the catalogue changes). */
function cachedOriginGroups(
  db: Database,
  filters: ProductFilters,
  options: SearchOptions,
  compute: () => Promise<OriginGroup[]>,
): Promise<OriginGroup[]> {
  return originGroupsCache(db, `${options.locale} ${countsKey(filters, options)}`, compute);
}

/**
 * The products matching `all` counted by origin, in the origin order (decision 051): a product
 * counts once, under its own region (or its country when it has no region).
 */
async function countOriginGroups(db: Database, reference: ReferenceData, locale: Locale, all: SQL | undefined): Promise<OriginGroup[]> {
  const country = sql<number | null>`case when ${productListing.regionId} is null then ${productListing.countryId} end`;
  const rows = await db
    .select({ countryId: country, regionId: productListing.regionId, products: sql<number>`count(distinct ${productListing.productId})` })
    .from(productListing)
    .where(all)
    .groupBy(country, productListing.regionId);
  const ranks = originRanks(reference, locale);
  const countryRank = new Map(ranks.countryIds.map((id, index) => [id, index]));
  const regionRank = new Map(ranks.regionIds.map((id, index) => [id, index]));
  const last = Number.MAX_SAFE_INTEGER;
  const keyOf = (row: { countryId: number | null; regionId: number | null }): [number, number] => {
    if (row.regionId === null) return [row.countryId === null ? last : (countryRank.get(row.countryId) ?? last), last];
    const regionCountry = reference.regionById.get(row.regionId)?.countryId;
    return [regionCountry === undefined ? last : (countryRank.get(regionCountry) ?? last), regionRank.get(row.regionId) ?? last];
  };
  return rows
    .map((row) => ({
      countryId: row.countryId === null ? null : Number(row.countryId),
      regionId: row.regionId,
      products: Number(row.products),
    }))
    .map((group) => ({ group, key: keyOf(group) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1])
    .map(({ group }) => group);
}

/** The listing rows of some origin groups: their regions, their countries' rows without a region, or none. */
function originCondition(groups: readonly OriginGroup[]): SQL {
  const regionIds = groups.flatMap((g) => (g.regionId === null ? [] : [g.regionId]));
  const countryIds = groups.flatMap((g) => (g.regionId === null && g.countryId !== null ? [g.countryId] : []));
  const parts: SQL[] = [];
  if (regionIds.length) parts.push(inArray(productListing.regionId, regionIds));
  if (countryIds.length) parts.push(and(isNull(productListing.regionId), inArray(productListing.countryId, countryIds))!);
  if (groups.some((g) => g.regionId === null && g.countryId === null)) {
    parts.push(and(isNull(productListing.regionId), isNull(productListing.countryId))!);
  }
  return or(...parts)!;
}

/** The distinct values of a list, in the order of their first occurrence. */
export function distinctInOrder<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** The farthest offset read in parallel with the counts (page 300 of 24 is 7,176). */
const PARALLEL_PAGE_MAX_OFFSET = 10_000;

interface SearchCounts {
  total: number;
  facets: ProductSearchResult["facets"];
}

/**
 * How long the total and facet counts of one filter combination are reused at most: they change
 * only with the catalogue (imports, not carts or orders), whose every change empties the cache
 * at once in every process (`clearCachesOnCatalogueChanges`); paging or sorting never changes them.
 * The time limit only bounds a notice lost by a process that could not listen.
 */
export const COUNTS_CACHE_TTL_MS = 60_000;
const COUNTS_CACHE_MAX_ENTRIES = 1_000;
const countsCache = createDatabaseCache<string, SearchCounts>({ ttlMs: COUNTS_CACHE_TTL_MS, maxEntries: COUNTS_CACHE_MAX_ENTRIES });

/** Counts of a filter combination from the per-database cache, computed once per catalogue change (or TTL). */
function cachedCounts(
  db: Database,
  filters: ProductFilters,
  options: SearchOptions,
  compute: () => Promise<SearchCounts>,
): Promise<SearchCounts> {
  return countsCache(db, countsKey(filters, options), compute);
}

/** The key of a filter combination's counts: what changes which products match, nothing else. */
function countsKey(filters: ProductFilters, options: SearchOptions): string {
  // Tax mode matters only to a price filter, the language only to a text search.
  return JSON.stringify([
    options.province,
    filters.maxCents === null ? null : options.taxMode,
    filters.text ? options.locale : null,
    options.providerId ?? null,
    filters.inventories,
    filters.types,
    filters.attributes,
    filters.countries,
    filters.regions,
    filters.grapes,
    filters.statuses,
    filters.minCents,
    filters.maxCents,
    filters.text,
  ]);
}

/**
 * The total and the facet counts in one query: grouping sets, each facet's count filtered by the
 * other facets' conditions.
 * @param source the rows counted ({@link listingRows} or {@link materializedCounts})
 * @param c the conditions on `source`'s columns
 */
async function countFacets(
  db: Database,
  reference: ReferenceData,
  source: CountSource,
  c: SearchConditions,
): Promise<{ total: number; facets: Omit<SearchCounts["facets"], "grapes" | "statuses"> }> {
  const { columns, countWhere } = source;
  const facetRows = await db
    .select({
      inventoryCode: columns.inventoryCode,
      typeCode: columns.typeCode,
      countryId: columns.countryId,
      regionId: columns.regionId,
      colorId: columns.colorId,
      set: sql<number>`grouping(${columns.inventoryCode}, ${columns.typeCode}, ${columns.countryId}, ${columns.regionId}, ${columns.colorId})`,
      total: countWhere(and(c.inventory, c.type, c.country, c.region, c.color)),
      forInventory: countWhere(and(c.type, c.country, c.region, c.color)),
      forType: countWhere(and(c.inventory, c.country, c.region, c.color)),
      forCountry: countWhere(and(c.inventory, c.type, c.region, c.color)),
      forRegion: countWhere(and(c.inventory, c.type, c.country, c.color)),
      forColor: countWhere(and(c.inventory, c.type, c.country, c.region)),
    })
    .from(source.table)
    .where(and(c.offeredInventory, c.grape, c.status, c.common))
    .groupBy(
      sql`grouping sets ((${columns.inventoryCode}), (${columns.typeCode}), (${columns.countryId}), (${columns.regionId}), (${columns.colorId}))`,
    );

  // grouping() bits, most significant first: inventory, type, country, region, colour (1 = not grouped).
  const bySet = (bits: number) => facetRows.filter((r) => Number(r.set) === bits);
  const inventoryRows = bySet(0b01111);
  const total = inventoryRows.reduce((sum, r) => sum + Number(r.total), 0);
  const positive = <K>(rows: { key: K | null; count: number }[]) => rows.filter((r): r is FacetCount<K> => r.key !== null && r.count > 0);

  return {
    total,
    facets: {
      inventories: positive(inventoryRows.map((r) => ({ key: r.inventoryCode, count: Number(r.forInventory) }))),
      types: positive(bySet(0b10111).map((r) => ({ key: r.typeCode, count: Number(r.forType) }))),
      countries: positive(
        bySet(0b11011).map((r) => ({
          key: r.countryId === null ? null : (reference.countryById.get(r.countryId)?.code ?? null),
          count: Number(r.forCountry),
        })),
      ),
      regions: positive(bySet(0b11101).map((r) => ({ key: r.regionId, count: Number(r.forRegion) }))),
      colors: positive(bySet(0b11110).map((r) => ({ key: r.colorId, count: Number(r.forColor) }))),
    },
  };
}

/**
 * The total and the facet counts of a search, in products (docs/decisions/040: "360 produits" is
 * the number of cards across the pages). The inventory facet counts rows of one inventory each,
 * and a product is at most once in an inventory, so its row counts are product counts: they come
 * from {@link countFacets} (the materialized counts when only facet filters apply). So do the
 * others when the list names one inventory. A list of several inventories (the default list)
 * counts its other facets and its total by product ({@link countProductFacets}).
 */
async function countProducts(
  db: Database,
  reference: ReferenceData,
  filters: ProductFilters,
  options: SearchOptions,
  c: SearchConditions,
): Promise<SearchCounts> {
  const rowCounts =
    c.common || c.grape || c.status
      ? countFacets(db, reference, listingRows, c)
      : countFacets(db, reference, materializedCounts, searchConditions(filters, reference, options, productFacetCounts));
  const oneInventory = filters.inventories.length === 1;
  const [rows, byProduct, grapes, statuses] = await Promise.all([
    rowCounts,
    oneInventory ? null : countProductFacets(db, reference, c),
    countGrapes(db, reference, c),
    oneInventory ? countStatusesOfOneInventory(db, c) : null,
  ]);
  if (!byProduct) return { total: rows.total, facets: { ...rows.facets, grapes, statuses: statuses ?? [] } };
  return { total: byProduct.total, facets: { ...byProduct.facets, inventories: rows.facets.inventories, grapes } };
}

/**
 * The availability status facet of a list of one inventory (decision 051): its matching rows by
 * status, every filter but the status one applied. A product is at most once in an inventory, so
 * its rows are products.
 */
async function countStatusesOfOneInventory(db: Database, c: SearchConditions): Promise<FacetCount<AvailabilityStatus>[]> {
  const rows = await db
    .select({ key: productListing.availabilityStatus, count: count() })
    .from(productListing)
    .where(and(c.inventory, c.type, c.country, c.region, c.color, c.grape, c.common))
    .groupBy(productListing.availabilityStatus);
  return statusCounts(rows.map((r) => ({ key: r.key, count: Number(r.count) })));
}

/** Status counts in the vocabulary's order, those above 0. */
function statusCounts(rows: readonly FacetCount<AvailabilityStatus>[]): FacetCount<AvailabilityStatus>[] {
  return AVAILABILITY_STATUSES.flatMap((key) => {
    const found = rows.find((r) => r.key === key);
    return found && found.count > 0 ? [{ key, count: found.count }] : [];
  });
}

/**
 * The total and the type, country, region, colour and availability status counts in products: the
 * listing rows of the list's inventories matching the conditions no facet ignores, grouped by
 * product first (a product in three channels of the list counts once), then counted in grouping
 * sets, each facet without its own filter. Those facets are the product's own columns, the same on
 * each of its rows, except the status, a channel's: a product holds a status when one of its rows
 * does (decision 051), and counts under each status it holds.
 */
async function countProductFacets(
  db: Database,
  reference: ReferenceData,
  c: SearchConditions,
): Promise<{ total: number; facets: Omit<SearchCounts["facets"], "grapes" | "inventories"> }> {
  const holds = (condition: SQL | undefined) => (condition ? sql<boolean>`bool_or(${condition})` : sql<boolean>`true`);
  const holdsStatus = (status: AvailabilityStatus) => holds(eq(productListing.availabilityStatus, status));
  const p = db
    .select({
      typeCode: sql<string>`min(${productListing.typeCode})`.as("type_code"),
      countryId: sql<number | null>`min(${productListing.countryId})`.as("country_id"),
      regionId: sql<number | null>`min(${productListing.regionId})`.as("region_id"),
      colorId: sql<number | null>`min(${productListing.colorId})`.as("color_id"),
      typeOk: holds(c.type).as("type_ok"),
      countryOk: holds(c.country).as("country_ok"),
      regionOk: holds(c.region).as("region_ok"),
      colorOk: holds(c.color).as("color_ok"),
      statusOk: holds(c.status).as("status_ok"),
      available: holdsStatus("AVAILABLE").as("available"),
      upcoming: holdsStatus("UPCOMING").as("upcoming"),
    })
    .from(productListing)
    .where(and(c.inventory, c.grape, c.common))
    .groupBy(productListing.productId)
    .as("p");
  const countWhere = (...conditions: SQL[]) => sql<number>`count(*) filter (where ${sql.join(conditions, sql` and `)})`;
  const type = sql`${p.typeOk}`;
  const country = sql`${p.countryOk}`;
  const region = sql`${p.regionOk}`;
  const color = sql`${p.colorOk}`;
  const status = sql`${p.statusOk}`;
  const facetRows = await db
    .select({
      typeCode: p.typeCode,
      countryId: p.countryId,
      regionId: p.regionId,
      colorId: p.colorId,
      set: sql<number>`grouping(${p.typeCode}, ${p.countryId}, ${p.regionId}, ${p.colorId})`,
      total: countWhere(type, country, region, color, status),
      forType: countWhere(country, region, color, status),
      forCountry: countWhere(type, region, color, status),
      forRegion: countWhere(type, country, color, status),
      forColor: countWhere(type, country, region, status),
      forAvailable: countWhere(sql`${p.available}`, type, country, region, color),
      forUpcoming: countWhere(sql`${p.upcoming}`, type, country, region, color),
    })
    .from(p)
    .groupBy(sql`grouping sets ((), (${p.typeCode}), (${p.countryId}), (${p.regionId}), (${p.colorId}))`);

  // grouping() bits, most significant first: type, country, region, colour (1 = not grouped).
  const bySet = (bits: number) => facetRows.filter((r) => Number(r.set) === bits);
  const positive = <K>(rows: { key: K | null; count: number }[]) => rows.filter((r): r is FacetCount<K> => r.key !== null && r.count > 0);
  const all = bySet(0b1111)[0];
  return {
    total: Number(all?.total ?? 0),
    facets: {
      statuses: statusCounts([
        { key: "AVAILABLE", count: Number(all?.forAvailable ?? 0) },
        { key: "UPCOMING", count: Number(all?.forUpcoming ?? 0) },
      ]),
      types: positive(bySet(0b0111).map((r) => ({ key: r.typeCode, count: Number(r.forType) }))),
      countries: positive(
        bySet(0b1011).map((r) => ({
          key: r.countryId === null ? null : (reference.countryById.get(Number(r.countryId))?.code ?? null),
          count: Number(r.forCountry),
        })),
      ),
      regions: positive(bySet(0b1101).map((r) => ({ key: r.regionId === null ? null : Number(r.regionId), count: Number(r.forRegion) }))),
      colors: positive(bySet(0b1110).map((r) => ({ key: r.colorId === null ? null : Number(r.colorId), count: Number(r.forColor) }))),
    },
  };
}

/**
 * The grape facet's counts (decision 036): the products of the listing rows matching every filter
 * but the grape one (each once: docs/decisions/040), counted under each of their grapes (a blend counts under each of its grapes). The
 * materialized counts know no grapes (a product has several), so this query reads the matching
 * listing rows and their products' grapes; like the other counts it is cached until the catalogue
 * changes.
 * @returns grape codes with their counts, largest first
 */
async function countGrapes(db: Database, reference: ReferenceData, c: SearchConditions): Promise<FacetCount<string>[]> {
  const rows = await db
    .select({ grapeId: productGrapes.grapeId, count: sql<number>`count(distinct ${productListing.productId})` })
    .from(productListing)
    .innerJoin(productGrapes, eq(productGrapes.productId, productListing.productId))
    .where(and(c.inventory, c.type, c.country, c.region, c.color, c.status, c.common))
    .groupBy(productGrapes.grapeId);
  const codeOf = new Map(reference.grapes.map((g) => [g.id, g.code]));
  return rows
    .flatMap((r) => {
      const key = codeOf.get(r.grapeId);
      return key && Number(r.count) > 0 ? [{ key, count: Number(r.count) }] : [];
    })
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/**
 * A channel of a listed product with its product's columns, names in `locale`: what the list's
 * cards and the printed price list read, from the same tables, by the queries below.
 */
function listRows(db: Database, locale: Locale) {
  return db
    .select({
      ...productInventoryColumns,
      zeroRated: products.zeroRated,
      productId: products.id,
      puid: products.puid,
      slug: products.slug,
      name: nameColumn(locale),
      vintage: products.vintage,
      volumeMl: products.volumeMl,
      uvc: products.uvc,
      typeCode: products.typeCode,
      providerName: providers.name,
      providerSlug: providers.slug,
      countryCode: countries.code,
      regionName: localized(locale, regions.nameFr, regions.nameEn),
      colorCode,
    })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .leftJoin(countries, eq(countries.id, products.countryId))
    .leftJoin(regions, eq(regions.id, products.regionId));
}

/**
 * A query prepared once per database and language (decision 025: the same text for any page, so
 * the database plans it once per connection instead of on every list; 2.5 ms of planning for the
 * list's six tables at 100,000 products, more than running it). The app has one database; tests
 * open several.
 */
function preparedPerLocale<Q>(make: (db: Database, locale: Locale) => Q): (db: Database, locale: Locale) => Q {
  const made = new WeakMap<Database, Map<Locale, Q>>();
  return (db, locale) => {
    let queries = made.get(db);
    if (!queries) made.set(db, (queries = new Map<Locale, Q>()));
    let query = queries.get(locale);
    if (!query) queries.set(locale, (query = make(db, locale)));
    return query;
  };
}

/** The rows of {@link loadListItems}: product inventories by id (`ids`, an integer array). */
const listItemsQuery = preparedPerLocale((db, locale) =>
  listRows(db, locale)
    .where(sql`${productInventories.id} = any(${sql.placeholder("ids")}::integer[])`)
    .prepare(`product_list_items_${locale}`),
);

/**
 * The list's items for product inventory ids, in the order of `ids` (ids not found are left out),
 * with names in `locale`. One prepared query, whatever the page.
 */
async function loadListItems(db: Database, ids: number[], locale: Locale): Promise<ProductListItem[]> {
  if (ids.length === 0) return [];
  const rows = await listItemsQuery(db, locale).execute({ ids });
  const byId = new Map(rows.map((r) => [r.productInventoryId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The rows of {@link loadListedProducts}: the channels of the products `ids` (an integer array) in
 * the list's universe — the inventories `codes` (a text array, the ones the URL names) and the
 * default-listed inventories of `provinces` — in the inventories' display order.
 */
const listedChannelsQuery = preparedPerLocale((db, locale) =>
  listRows(db, locale)
    .where(
      and(
        sql`${productInventories.productId} = any(${sql.placeholder("ids")}::integer[])`,
        or(
          and(sql`${inventories.province} = any(${sql.placeholder("provinces")}::text[])`, eq(inventories.defaultListed, true)),
          sql`${productInventories.inventoryCode} = any(${sql.placeholder("codes")}::text[])`,
        ),
        // The price filter (docs/product.md#product-list: when a maximum is set), on the tax mode's column.
        sql`(${sql.placeholder("maxCents")}::integer is null or (case when ${sql.placeholder("taxIn")}::boolean then ${productInventories.priceTaxInCents} else ${productInventories.priceCents} end) between coalesce(${sql.placeholder("minCents")}::integer, 0) and ${sql.placeholder("maxCents")}::integer)`,
        // The availability statuses asked for (decision 051), when any.
        sql`(cardinality(${sql.placeholder("statuses")}::text[]) = 0 or ${productInventories.availabilityStatus} = any(${sql.placeholder("statuses")}::text[]))`,
      ),
    )
    .orderBy(asc(inventories.position))
    .prepare(`product_list_channels_${locale}`),
);

/**
 * The list's cards for product ids, in the order of `ids` (ids not found are left out), each with
 * its channels of the list ({@link groupChannels}), names in `locale`. One prepared query.
 * @param universe the list's provinces (their default-listed inventories: the visitor's, or those of
 *   the inventories the URL names), the inventories the URL names, the price filter (a card
 *   shows only its channels within it, in the tax mode) and the availability statuses asked for
 *   (a card shows only its channels in them; none = any)
 */
async function loadListedProducts(
  db: Database,
  ids: number[],
  locale: Locale,
  universe: {
    provinces: Province[];
    named: InventoryCode[];
    taxMode: TaxMode;
    minCents: number | null;
    maxCents: number | null;
    statuses?: readonly AvailabilityStatus[];
  },
): Promise<ListedProduct[]> {
  if (ids.length === 0) return [];
  const rows = await listedChannelsQuery(db, locale).execute({
    ids,
    provinces: universe.provinces,
    codes: universe.named,
    taxIn: universe.taxMode === "IN",
    minCents: universe.maxCents === null ? null : universe.minCents,
    maxCents: universe.maxCents,
    statuses: universe.statuses ?? [],
  });
  return groupChannels(ids, rows, universe.named);
}

/**
 * Up to `limit` products of a producer, other than `exceptProductId`, that a visitor of `province`
 * can buy now ("Du même producteur", docs/decisions/041): one card each, with its AVAILABLE channels
 * among the province's default-listed inventories, by name. Reads no counts: the product page
 * needs no pagination.
 */
export async function listAvailableFromProducer(
  db: Database,
  options: { providerId: number; exceptProductId: number; province: Province; taxMode: TaxMode; locale: Locale; limit: number },
): Promise<ListedProduct[]> {
  const available = and(
    eq(productListing.providerId, options.providerId),
    sql`${productListing.productId} <> ${options.exceptProductId}`,
    eq(productListing.province, options.province),
    eq(productListing.defaultListed, true),
    eq(productListing.availabilityStatus, "AVAILABLE"),
  );
  const name = sql`min(${listingName(options.locale)})`;
  const picked = await db
    .select({ productId: productListing.productId })
    .from(productListing)
    .where(available)
    .groupBy(productListing.productId)
    .orderBy(name, productListing.productId)
    .limit(options.limit);
  const cards = await loadListedProducts(
    db,
    picked.map((row) => row.productId),
    options.locale,
    { provinces: [options.province], named: [], taxMode: options.taxMode, minCents: null, maxCents: null },
  );
  return cards.map((card) => ({ ...card, channels: card.channels.filter((channel) => channel.availabilityStatus === "AVAILABLE") }));
}

/**
 * Cards for products chosen by id (a staff carousel, docs/decisions/047-carousels.md), in the order
 * of `ids`: each product once, with its channels among `province`'s default-listed inventories that
 * a visitor can have now — stock left (`quantity > 0`) or UPCOMING (reservable). A product with no
 * such channel (out of stock, or not sold in the province) is left out. One prepared query.
 */
export async function listProductCardsInStock(
  db: Database,
  ids: readonly number[],
  options: { province: Province; taxMode: TaxMode; locale: Locale },
): Promise<ListedProduct[]> {
  const cards = await loadListedProducts(db, [...ids], options.locale, {
    provinces: [options.province],
    named: [],
    taxMode: options.taxMode,
    minCents: null,
    maxCents: null,
  });
  return cards.flatMap((card) => {
    const channels = card.channels.filter((channel) => channel.quantity > 0 || channel.availabilityStatus === "UPCOMING");
    return channels.length > 0 ? [{ ...card, channels }] : [];
  });
}

/** A channel row of a listed product, as read: the channel and its product's columns. */
export type ListedChannelRow = ListedChannel & Omit<ListedProduct, "channels">;

/**
 * Groups channel rows into one card per product (docs/decisions/040), in the order of `ids` (a
 * product without a row is left out). Within a card, the channels the URL names come first (in the
 * order named), then the others in the order of `rows` (the inventories' display order).
 */
export function groupChannels(
  ids: readonly number[],
  rows: readonly ListedChannelRow[],
  named: readonly InventoryCode[] = [],
): ListedProduct[] {
  const byProduct = new Map<number, ListedChannelRow[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  const rank = (code: InventoryCode) => {
    const index = named.indexOf(code);
    return index === -1 ? named.length : index;
  };
  return ids.flatMap((id) => {
    const list = byProduct.get(id);
    if (!list) return [];
    const ordered = list
      .map((row, index) => ({ row, index }))
      .sort((a, b) => rank(a.row.inventoryCode) - rank(b.row.inventoryCode) || a.index - b.index);
    const first = list[0]!;
    return [
      {
        productId: first.productId,
        zeroRated: first.zeroRated,
        puid: first.puid,
        slug: first.slug,
        name: first.name,
        vintage: first.vintage,
        volumeMl: first.volumeMl,
        uvc: first.uvc,
        typeCode: first.typeCode,
        providerName: first.providerName,
        providerSlug: first.providerSlug,
        countryCode: first.countryCode,
        regionName: first.regionName,
        colorCode: first.colorCode,
        channels: ordered.map(({ row }) => ({
          productInventoryId: row.productInventoryId,
          inventoryCode: row.inventoryCode,
          province: row.province,
          channelKind: row.channelKind,
          salesUnit: row.salesUnit,
          purchasable: row.purchasable,
          priceCents: row.priceCents,
          priceTaxInCents: row.priceTaxInCents,
          agencyFeeCents: row.agencyFeeCents,
          quantity: row.quantity,
          availabilityStatus: row.availabilityStatus,
        })),
      },
    ];
  });
}

/** One producer's products from one country in the price list (grouped by producer and country). */
export interface ListingGroup {
  countryCode: string | null;
  /** The country's name in the list's language; null when the products have no country. */
  countryName: string | null;
  providerId: number;
  providerName: string;
  /** How many product inventories of the list the group holds. */
  count: number;
}

/** A run of a group's rows in a batch; a group larger than a batch comes in several runs. */
export interface ListingRun {
  group: ListingGroup;
  items: ProductListItem[];
}

interface ListingScanOptions extends SearchOptions {
  /** The availability statuses listed (docs/product.md#product-list `show`). */
  availability: AvailabilityStatus[];
  /** Rows read per query (default {@link LISTING_BATCH_SIZE}). */
  batchSize?: number;
}

/** Rows read per query by {@link productListingBatches}. */
const LISTING_BATCH_SIZE = 1_000;
/** At most this many groups share one query (the query names each group's producer and country). */
const LISTING_GROUPS_PER_QUERY = 200;

/**
 * Every product inventory matching the /products filters (docs/product.md#price-list `GET /listing`: "like search"),
 * without paging, for the price list: the same conditions as {@link searchProducts} (the province's
 * default availability when no inventory is asked for), plus the availability statuses asked for.
 * Ordered by country name (in `options.locale`; no country last), producer name, product name and
 * id; `filters.sort` and `filters.page` are ignored.
 *
 * Never loads the whole list: one query counts the rows per (country, producer) group, then rows are
 * read at most `batchSize` at a time — several small groups in one query, a group larger than a
 * batch by keyset on (name, id) — and yielded batch by batch, so the caller draws and lets go of
 * each before the next is read.
 * @yields the runs of one batch, in list order (consecutive runs of one group continue it).
 */
export async function* productListingBatches(
  db: Database,
  reference: ReferenceData,
  filters: ProductFilters,
  options: ListingScanOptions,
): AsyncGenerator<ListingRun[]> {
  const batchSize = options.batchSize ?? LISTING_BATCH_SIZE;
  const c = searchConditions(filters, reference, options);
  const where = and(
    c.inventory,
    c.type,
    c.country,
    c.region,
    c.color,
    c.grape,
    c.status,
    c.common,
    inArray(productListing.availabilityStatus, options.availability),
  );
  const groupRows = await db
    .select({
      countryId: productListing.countryId,
      providerId: productListing.providerId,
      providerName: providers.name,
      count: count(),
    })
    .from(productListing)
    .innerJoin(providers, eq(providers.id, productListing.providerId))
    .where(where)
    .groupBy(productListing.countryId, productListing.providerId, providers.name);

  const collator = new Intl.Collator(options.locale, { sensitivity: "base" });
  const groups = groupRows
    .map((row) => {
      const code = row.countryId === null ? null : (reference.countryById.get(row.countryId)?.code ?? null);
      return {
        countryId: row.countryId,
        countryCode: code,
        countryName: code ? countryName(code, options.locale) : null,
        providerId: row.providerId,
        providerName: row.providerName,
        count: Number(row.count),
      };
    })
    .sort(
      (a, b) =>
        (a.countryName === null ? 1 : 0) - (b.countryName === null ? 1 : 0) ||
        collator.compare(a.countryName ?? "", b.countryName ?? "") ||
        collator.compare(a.providerName, b.providerName) ||
        a.providerId - b.providerId ||
        (a.countryId ?? 0) - (b.countryId ?? 0),
    );

  const name = listingName(options.locale);
  const id = productListing.productInventoryId;
  const groupCondition = (g: (typeof groups)[number]) =>
    and(
      eq(productListing.providerId, g.providerId),
      g.countryId === null ? isNull(productListing.countryId) : eq(productListing.countryId, g.countryId),
    )!;
  const groupKey = (providerId: number, countryId: number | null) => `${providerId}:${countryId ?? ""}`;
  const publicGroup = ({ countryId: _id, ...group }: (typeof groups)[number]): ListingGroup => group;

  let chunk: typeof groups = [];
  let chunkRows = 0;
  async function* flush(): AsyncGenerator<ListingRun[]> {
    if (chunk.length === 0) return;
    const rows = await db
      .select({ id, providerId: productListing.providerId, countryId: productListing.countryId })
      .from(productListing)
      .where(and(where, or(...chunk.map(groupCondition))))
      .orderBy(asc(name), asc(id));
    const items = await loadListItems(
      db,
      rows.map((r) => r.id),
      options.locale,
    );
    const keyOf = new Map(rows.map((r) => [r.id, groupKey(r.providerId, r.countryId)]));
    const byGroup = new Map<string, ProductListItem[]>();
    for (const item of items) {
      const key = keyOf.get(item.productInventoryId)!;
      const list = byGroup.get(key) ?? [];
      list.push(item);
      byGroup.set(key, list);
    }
    const runs = chunk.flatMap((g) => {
      const list = byGroup.get(groupKey(g.providerId, g.countryId));
      return list ? [{ group: publicGroup(g), items: list }] : [];
    });
    chunk = [];
    chunkRows = 0;
    if (runs.length > 0) yield runs;
  }

  for (const group of groups) {
    if (group.count > batchSize) {
      yield* flush();
      // One large group: keyset on (name, id), one batch at a time.
      let after: { name: string; id: number } | null = null;
      for (;;) {
        const rows: { id: number; name: string }[] = await db
          .select({ id, name })
          .from(productListing)
          .where(and(where, groupCondition(group), after ? sql`(${name}, ${id}) > (${after.name}, ${after.id})` : undefined))
          .orderBy(asc(name), asc(id))
          .limit(batchSize);
        if (rows.length === 0) break;
        yield [
          {
            group: publicGroup(group),
            items: await loadListItems(
              db,
              rows.map((r) => r.id),
              options.locale,
            ),
          },
        ];
        if (rows.length < batchSize) break;
        const last = rows[rows.length - 1]!;
        after = { name: last.name, id: last.id };
      }
      continue;
    }
    if (chunkRows + group.count > batchSize || chunk.length >= LISTING_GROUPS_PER_QUERY) yield* flush();
    chunk.push(group);
    chunkRows += group.count;
  }
  yield* flush();
}
