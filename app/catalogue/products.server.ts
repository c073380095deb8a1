/**
 * Product list search (SPEC §2 /products, §5 price filter, §3 filter selection) and product detail.
 * Lists product inventories (a product in one channel) so prices, stock and availability are
 * those of the channel the shopper will buy from.
 */
import { createDatabaseCache } from "~/cache.server";
import { and, asc, count, desc, eq, exists, inArray, isNull, lte, gte, or, sql, type SQL } from "drizzle-orm";
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
import type { AvailabilityStatus, ChannelKind, InventoryCode, Locale, Province, SalesUnit, TaxMode } from "~/vocabulary";
import { countryName } from "./country-names.server";
import { paginate, type Pagination } from "./pagination";
import type { ProductFilters } from "./product-filters";
import { defaultInventoryCodes, type ReferenceData } from "./reference.server";

export interface SearchOptions {
  province: Province;
  taxMode: TaxMode;
  locale: Locale;
  /** Overrides `filters.size` (the home page's selection, the producer page's 51). */
  pageSize?: number;
  /** Only this producer's products (the producer page's list). */
  providerId?: number;
}

/** One row of the product list: a product in one inventory, with the price of the tax mode. */
export interface ProductListItem {
  productInventoryId: number;
  inventoryCode: InventoryCode;
  /** Province of the channel (its taxes apply). */
  province: Province;
  channelKind: ChannelKind;
  salesUnit: SalesUnit;
  purchasable: boolean;
  zeroRated: boolean;
  /** Per bottle or unit in cents, before taxes. */
  priceCents: number;
  /** Per bottle or unit in cents, taxes included. */
  priceTaxInCents: number;
  agencyFeeCents: number;
  /** Bottles or units in stock. */
  quantity: number;
  availabilityStatus: AvailabilityStatus;
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
    inventories: FacetCount<InventoryCode>[];
    types: FacetCount<string>[];
    countries: FacetCount<string>[];
    regions: FacetCount<number>[];
    colors: FacetCount<number>[];
  };
}


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

/** The SQL conditions of a search, one per filter dimension (undefined = no condition). */
interface SearchConditions {
  /** The inventories searched (the ones asked for, else the province's defaults). */
  inventory: SQL;
  /** The inventory facet's universe: every channel of the province, plus any asked for. */
  offeredInventory: SQL;
  type: SQL | undefined;
  country: SQL | undefined;
  region: SQL | undefined;
  color: SQL | undefined;
  /** Conditions no facet ignores: other attributes, price, text, producer. */
  common: SQL | undefined;
  /** Whether a condition reads the producer's name (the query then joins providers). */
  needsProvider: boolean;
}

function attributeExists(ids: number[]): SQL {
  return exists(
    sql`(select 1 from ${productAttributes} where ${productAttributes.productId} = ${products.id} and ${inArray(productAttributes.attributeId, ids)})`,
  );
}

function searchConditions(filters: ProductFilters, reference: ReferenceData, options: SearchOptions): SearchConditions {
  const inventoryCodes = filters.inventories.length
    ? filters.inventories
    : defaultInventoryCodes(reference, options.province);
  const offered = reference.inventories.filter((i) => i.province === options.province).map((i) => i.code);

  // Attributes: any of the values within one attribute type, all types together.
  const byType = new Map<string, number[]>();
  for (const id of filters.attributes) {
    const typeCode = reference.attributeById.get(id)?.typeCode ?? "UNKNOWN";
    byType.set(typeCode, [...(byType.get(typeCode) ?? []), id]);
  }
  const colorIds = byType.get("PRODUCT_COLOR");
  byType.delete("PRODUCT_COLOR");

  const common: (SQL | undefined)[] = [...byType.values()].map(attributeExists);
  // SPEC §5: the price filter applies only when a maximum is set; tax-inclusive column in IN mode.
  if (filters.maxCents !== null) {
    const column = options.taxMode === "IN" ? productInventories.priceTaxInCents : productInventories.priceCents;
    common.push(lte(column, filters.maxCents));
    if (filters.minCents !== null) common.push(gte(column, filters.minCents));
  }
  if (filters.text) common.push(textCondition(filters.text, options.locale));
  if (options.providerId !== undefined) common.push(eq(products.providerId, options.providerId));

  return {
    inventory: inArray(productInventories.inventoryCode, inventoryCodes),
    offeredInventory: inArray(productInventories.inventoryCode, [...new Set([...offered, ...filters.inventories])]),
    type: filters.types.length ? inArray(products.typeCode, filters.types) : undefined,
    country: filters.countries.length
      ? inArray(
          products.countryId,
          filters.countries.map((c) => reference.countryByCode.get(c)?.id ?? -1),
        )
      : undefined,
    region: filters.regions.length ? inArray(products.regionId, filters.regions) : undefined,
    color: colorIds ? attributeExists(colorIds) : undefined,
    common: and(...common),
    needsProvider: Boolean(filters.text),
  };
}

/** `count(*) filter (where …)`, or `count(*)` when there is no condition. */
function countWhere(condition: SQL | undefined): SQL<number> {
  return condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`;
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

/**
 * Searches the product list.
 * @param filters parsed URL filters ({@link ProductFilters}); `filters.page` may exceed the last
 *   page: the result's `pagination.page` is then the last page (the route redirects there).
 * @returns the page's items, the pagination and facet counts (each facet counted without its own
 *   filter, so choosing a value never hides its siblings).
 *
 * The total and facet counts come from {@link countFacets}, cached for {@link COUNTS_CACHE_TTL_MS}
 * per filter combination; then one query sorts the matching ids and one reads the page's rows.
 */
export async function searchProducts(
  db: Database,
  reference: ReferenceData,
  filters: ProductFilters,
  options: SearchOptions,
): Promise<ProductSearchResult> {
  const size = options.pageSize ?? filters.size;
  const c = searchConditions(filters, reference, options);
  const all = and(c.inventory, c.type, c.country, c.region, c.color, c.common);
  const colorIds = reference.attributes.filter((a) => a.typeCode === "PRODUCT_COLOR").map((a) => a.id);

  const counts = await cachedCounts(db, filters, options, () => countFacets(db, reference, c, colorIds));
  const pagination = paginate(counts.total, filters.page, size);

  const pageIds =
    counts.total === 0
      ? []
      : ((await scan(db, c.needsProvider, { id: productInventories.id })
          .where(all)
          .orderBy(...orderBy(filters, options))
          .limit(size)
          .offset(pagination.offset)) as { id: number }[]);

  return {
    items: await loadListItems(db, pageIds.map((r) => r.id), options.locale),
    pagination,
    inventoryCodes: filters.inventories.length ? filters.inventories : defaultInventoryCodes(reference, options.province),
    facets: counts.facets,
  };
}

interface SearchCounts {
  total: number;
  facets: ProductSearchResult["facets"];
}

/**
 * How long the total and facet counts of one filter combination are reused: they change only with
 * the catalogue (imports, not carts or orders), and paging or sorting never changes them.
 */
export const COUNTS_CACHE_TTL_MS = 60_000;
const COUNTS_CACHE_MAX_ENTRIES = 1_000;
const countsCache = createDatabaseCache<string, SearchCounts>({ ttlMs: COUNTS_CACHE_TTL_MS, maxEntries: COUNTS_CACHE_MAX_ENTRIES });

/** Counts of a filter combination from the per-database cache, computed once per TTL. */
function cachedCounts(
  db: Database,
  filters: ProductFilters,
  options: SearchOptions,
  compute: () => Promise<SearchCounts>,
): Promise<SearchCounts> {
  // Tax mode matters only to a price filter, the language only to a text search.
  const key = JSON.stringify([
    options.province,
    filters.maxCents === null ? null : options.taxMode,
    filters.text ? options.locale : null,
    options.providerId ?? null,
    filters.inventories,
    filters.types,
    filters.attributes,
    filters.countries,
    filters.regions,
    filters.minCents,
    filters.maxCents,
    filters.text,
  ]);
  return countsCache(db, key, compute);
}

/**
 * The total and the facet counts in two queries: one scan with grouping sets (each facet's count
 * filtered by the other dimensions), and the colours.
 */
async function countFacets(
  db: Database,
  reference: ReferenceData,
  c: SearchConditions,
  colorIds: number[],
): Promise<SearchCounts> {
  const facetRows = (await scan(db, c.needsProvider, {
    inventoryCode: productInventories.inventoryCode,
    typeCode: products.typeCode,
    countryId: products.countryId,
    regionId: products.regionId,
    set: sql<number>`grouping(${productInventories.inventoryCode}, ${products.typeCode}, ${products.countryId}, ${products.regionId})`,
    total: countWhere(and(c.inventory, c.type, c.country, c.region, c.color)),
    forInventory: countWhere(and(c.type, c.country, c.region, c.color)),
    forType: countWhere(and(c.inventory, c.country, c.region, c.color)),
    forCountry: countWhere(and(c.inventory, c.type, c.region, c.color)),
    forRegion: countWhere(and(c.inventory, c.type, c.country, c.color)),
  })
    .where(and(c.offeredInventory, c.common))
    .groupBy(
      sql`grouping sets ((${productInventories.inventoryCode}), (${products.typeCode}), (${products.countryId}), (${products.regionId}))`,
    )) as {
    inventoryCode: InventoryCode | null;
    typeCode: string | null;
    countryId: number | null;
    regionId: number | null;
    set: number;
    total: number;
    forInventory: number;
    forType: number;
    forCountry: number;
    forRegion: number;
  }[];

  // grouping() bits, most significant first: inventory, type, country, region (1 = not grouped).
  const bySet = (bits: number) => facetRows.filter((r) => Number(r.set) === bits);
  const inventoryRows = bySet(0b0111);
  const total = inventoryRows.reduce((sum, r) => sum + Number(r.total), 0);
  const positive = <K>(rows: { key: K | null; count: number }[]) =>
    rows.filter((r): r is FacetCount<K> => r.key !== null && r.count > 0);

  const colorFacet = colorIds.length
    ? await colorFacets(db, and(c.inventory, c.type, c.country, c.region, c.common), colorIds, c.needsProvider)
    : [];
  return {
    total,
    facets: {
      inventories: positive(inventoryRows.map((r) => ({ key: r.inventoryCode, count: Number(r.forInventory) }))),
      types: positive(bySet(0b1011).map((r) => ({ key: r.typeCode, count: Number(r.forType) }))),
      countries: positive(
        bySet(0b1101).map((r) => ({
          key: r.countryId === null ? null : (reference.countryById.get(r.countryId)?.code ?? null),
          count: Number(r.forCountry),
        })),
      ),
      regions: positive(bySet(0b1110).map((r) => ({ key: r.regionId, count: Number(r.forRegion) }))),
      colors: colorFacet,
    },
  };
}

/** The product inventories × products scan every count and sort starts from. */
function scan<T extends Record<string, unknown>>(db: Database, withProvider: boolean, fields: T) {
  const query = db
    .select(fields as never)
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId));
  return withProvider ? query.innerJoin(providers, eq(providers.id, products.providerId)) : query;
}

/** The list rows of product inventory ids, in the ids' order. */
async function loadListItems(db: Database, ids: number[], locale: Locale): Promise<ProductListItem[]> {
  if (ids.length === 0) return [];
  const rows = (await db
    .select({
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
      name: nameColumn(locale),
      vintage: products.vintage,
      volumeMl: products.volumeMl,
      uvc: products.uvc,
      typeCode: products.typeCode,
      providerName: providers.name,
      providerSlug: providers.slug,
      countryCode: countries.code,
      regionName: locale.startsWith("en") ? regions.nameEn : regions.nameFr,
      colorCode,
    })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .leftJoin(countries, eq(countries.id, products.countryId))
    .leftJoin(regions, eq(regions.id, products.regionId))
    .where(inArray(productInventories.id, ids)));
  const byId = new Map(rows.map((r) => [r.productInventoryId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function colorFacets(
  db: Database,
  where: SQL | undefined,
  colorIds: number[],
  withProvider: boolean,
): Promise<FacetCount<number>[]> {
  const query = db
    .select({ key: productAttributes.attributeId, count: count() })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .innerJoin(productAttributes, eq(productAttributes.productId, products.id));
  const rows = await (withProvider ? query.innerJoin(providers, eq(providers.id, products.providerId)) : query)
    .where(and(where, inArray(productAttributes.attributeId, colorIds)))
    .groupBy(productAttributes.attributeId);
  return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
}

/** One producer's products from one country in the price list (issue 10 §5: grouped by producer and country). */
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
  /** The availability statuses listed (SPEC §7 `show`). */
  availability: AvailabilityStatus[];
  /** Rows read per query (default {@link LISTING_BATCH_SIZE}). */
  batchSize?: number;
}

/** Rows read per query by {@link productListingBatches}. */
const LISTING_BATCH_SIZE = 1_000;
/** At most this many groups share one query (the query names each group's producer and country). */
const LISTING_GROUPS_PER_QUERY = 200;

/**
 * Every product inventory matching the /products filters (SPEC §7 `GET /listing`: "like search"),
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
    c.common,
    inArray(productInventories.availabilityStatus, options.availability),
  );
  const groupRows = (await scan(db, true, {
    countryId: products.countryId,
    providerId: products.providerId,
    providerName: providers.name,
    count: sql<number>`count(*)`,
  })
    .where(where)
    .groupBy(products.countryId, products.providerId, providers.name)) as {
    countryId: number | null;
    providerId: number;
    providerName: string;
    count: number;
  }[];

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

  const name = nameColumn(options.locale);
  const groupCondition = (g: (typeof groups)[number]) =>
    and(eq(products.providerId, g.providerId), g.countryId === null ? isNull(products.countryId) : eq(products.countryId, g.countryId))!;
  const groupKey = (providerId: number, countryId: number | null) => `${providerId}:${countryId ?? ""}`;
  const publicGroup = ({ countryId: _id, ...group }: (typeof groups)[number]): ListingGroup => group;

  let chunk: typeof groups = [];
  let chunkRows = 0;
  async function* flush(): AsyncGenerator<ListingRun[]> {
    if (chunk.length === 0) return;
    const rows = (await scan(db, c.needsProvider, {
      id: productInventories.id,
      providerId: products.providerId,
      countryId: products.countryId,
    })
      .where(and(where, or(...chunk.map(groupCondition))))
      .orderBy(asc(name), asc(productInventories.id))) as { id: number; providerId: number; countryId: number | null }[];
    const items = await loadListItems(db, rows.map((r) => r.id), options.locale);
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
        const rows = (await scan(db, c.needsProvider, { id: productInventories.id, name })
          .where(and(where, groupCondition(group), after ? sql`(${name}, ${productInventories.id}) > (${after.name}, ${after.id})` : undefined))
          .orderBy(asc(name), asc(productInventories.id))
          .limit(batchSize)) as { id: number; name: string }[];
        if (rows.length === 0) break;
        yield [{ group: publicGroup(group), items: await loadListItems(db, rows.map((r) => r.id), options.locale) }];
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
