/**
 * Producers directory (docs/product.md#producers Producers listing, Provider, docs/product.md#product-list pagination, sizes) and the
 * producer page with its product list (page 1, size 51).
 */
import { and, asc, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import { createDatabaseCache } from "~/cache.server";
import type { Database } from "~/db/client.server";
import { inventories, productAttributes, productInventories, products, providerOrigins, providers } from "~/db/schema";
import { localized } from "~/lib/localized";
import { paginate, type Pagination } from "~/lib/pagination";
import { type Locale, LOCALES, type Province, PROVINCES } from "~/vocabulary";
import { countryName } from "./country-names.server";
import type { TreeCountry } from "./filter-tree";
import { PROVIDER_PRODUCTS_SIZE, type ProviderFilters } from "./provider-filters";
import { localizedName, type ReferenceData } from "./reference.server";

export interface ProviderOrigin {
  countryCode: string;
  countryName: string;
  regionName: string | null;
}

export interface ProviderProduct {
  productInventoryId: number;
  slug: string;
  name: string;
  vintage: number | null;
  inventoryCode: string;
}

export interface ProviderCard {
  id: number;
  slug: string;
  name: string;
  /** Colour of the generated image; null = the default image (docs/product.md#producers "default image if none"). */
  imageColor: string | null;
  /** Shared with every request of the page's province and language (the cached directory): read only. */
  origins: readonly ProviderOrigin[];
  /** The producer's products in this province (list view only; empty in tiles view). */
  products: ProviderProduct[];
  /** How many products the producer offers in this province (list view only; 0 in tiles view). */
  productCount: number;
}

export interface ProviderGroup {
  countryCode: string;
  countryName: string;
  providers: ProviderCard[];
}

export interface ProviderListResult {
  groups: ProviderGroup[];
  pagination: Pagination;
  /** Shared with every request of the page's province and language (the cached directory): read only. */
  treeCountries: readonly TreeCountry[];
}

/**
 * Origins as ids → country (code and name) and region names in the page's language (countries
 * from the library); an origin whose country is unknown is left out. Also used by the global search.
 */
export function originNames(
  origins: readonly { countryId: number; regionId: number | null }[],
  reference: ReferenceData,
  locale: Locale,
): ProviderOrigin[] {
  return origins.flatMap((o) => {
    const country = reference.countryById.get(o.countryId);
    if (!country) return [];
    const region = o.regionId ? reference.regionById.get(o.regionId) : undefined;
    return [
      {
        countryCode: country.code,
        countryName: countryName(country.code, locale),
        regionName: region ? localizedName(region, locale) : null,
      },
    ];
  });
}

/**
 * SQL condition on a `providers` row: the producer has a product sold in one of the province's
 * channels (docs/product.md#producers province rule; the directory and the global search's Producers tab).
 */
export function inProvince(province: Province): SQL {
  return exists(
    sql`(select 1 from ${products}
        join ${productInventories} on ${productInventories.productId} = ${products.id}
        join ${inventories} on ${inventories.code} = ${productInventories.inventoryCode}
        where ${products.providerId} = ${providers.id} and ${inventories.province} = ${province})`,
  );
}

/**
 * A producer of the province's directory, as cached: origins as ids and named, the name for
 * matching. Every request of the province and language shares it: read only.
 */
interface DirectoryEntry {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  readonly imageColor: string | null;
  /** Lower-case name without accents, for the text filter. */
  readonly matchName: string;
  readonly origins: readonly { readonly countryId: number; readonly regionId: number | null }[];
  /** The origins named in the directory's language ({@link originNames}). */
  readonly originNames: readonly ProviderOrigin[];
}

/**
 * A province's producer directory in one language, as cached: the producers with a product in one
 * of the province's channels, in the list's order (by their first origin's country name, then
 * name, in that language: docs/product.md#producers sortByOrigin=ASC), and the filter tree of their origins. Both
 * change only with the catalogue, so a request only picks the filtered producers of its page: at
 * 100,000 products (2,000 producers) naming and sorting the directory for each request was most
 * of the page's time (decision 006).
 */
interface Directory {
  readonly entries: readonly DirectoryEntry[];
  readonly treeCountries: readonly TreeCountry[];
}

/**
 * How long a province's producer directory (producers with a product in one of its channels, and
 * their origins) is reused in each language: it changes only with the catalogue. Each language
 * reads the province's producers itself, two small queries once per catalogue change.
 */
export const DIRECTORY_CACHE_TTL_MS = 60_000;
/** One directory per province and language. */
const DIRECTORY_CACHE_ENTRIES = PROVINCES.length * LOCALES.length;
const directoryCache = createDatabaseCache<string, Directory>({ ttlMs: DIRECTORY_CACHE_TTL_MS, maxEntries: DIRECTORY_CACHE_ENTRIES });

/** Lower-case text without accents: "Pépière" → "pepiere" (the text filter ignores accents). */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

function provinceDirectory(db: Database, reference: ReferenceData, province: Province, locale: Locale): Promise<Directory> {
  return directoryCache(db, `${province}|${locale}`, () => loadDirectory(db, reference, province, locale));
}

async function loadDirectory(db: Database, reference: ReferenceData, province: Province, locale: Locale): Promise<Directory> {
  const [rows, origins] = await Promise.all([
    db
      .select({ id: providers.id, slug: providers.slug, name: providers.name, imageColor: providers.imageColor })
      .from(providers)
      .where(inProvince(province)),
    db
      .select({
        providerId: providerOrigins.providerId,
        countryId: providerOrigins.countryId,
        regionId: providerOrigins.regionId,
      })
      .from(providerOrigins),
  ]);
  const originsByProvider = new Map<number, { countryId: number; regionId: number | null }[]>();
  for (const o of origins) {
    const list = originsByProvider.get(o.providerId) ?? [];
    list.push({ countryId: o.countryId, regionId: o.regionId });
    originsByProvider.set(o.providerId, list);
  }
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  const entries = rows
    .map((row) => {
      const entryOrigins = originsByProvider.get(row.id) ?? [];
      return { ...row, matchName: foldText(row.name), origins: entryOrigins, originNames: originNames(entryOrigins, reference, locale) };
    })
    .sort((a, b) => {
      const [countryA, countryB] = [a.originNames[0]?.countryName, b.originNames[0]?.countryName];
      // A producer without a known origin comes last (a collator puts "~" before the letters).
      if (countryA === undefined || countryB === undefined) {
        if (countryA !== countryB) return countryA === undefined ? 1 : -1;
      } else {
        const byCountry = collator.compare(countryA, countryB);
        if (byCountry !== 0) return byCountry;
      }
      return collator.compare(a.name, b.name);
    });
  return {
    entries,
    treeCountries: buildTreeCountries(
      entries.flatMap((entry) => entry.origins),
      reference,
      locale,
    ),
  };
}

/**
 * Lists producers of a province, filtered, sorted by origin country name then name (docs/product.md#producers
 * sortByOrigin=ASC), grouped by country, one page at a time. The province's directory is cached
 * in the page's language, in order ({@link DIRECTORY_CACHE_TTL_MS}); origin and text filters
 * apply to it in memory, an attribute filter costs one query.
 * @param withProducts also load each listed producer's products (the list view's collapsible
 *   lists), in one query for the whole page.
 */
export async function listProviders(
  db: Database,
  reference: ReferenceData,
  filters: ProviderFilters,
  locale: Locale,
  withProducts: boolean,
): Promise<ProviderListResult> {
  const directory = await provinceDirectory(db, reference, filters.province, locale);
  const countryIds = new Set(filters.countries.map((c) => reference.countryByCode.get(c)?.id ?? -1));
  const regionIds = new Set(filters.regions);
  const text = foldText(filters.text);
  const withAttributes = filters.attributes.length
    ? new Set(
        (
          await db
            .selectDistinct({ providerId: products.providerId })
            .from(products)
            .innerJoin(productAttributes, eq(productAttributes.productId, products.id))
            .where(inArray(productAttributes.attributeId, filters.attributes))
        ).map((r) => r.providerId),
      )
    : null;

  // The directory is in the list's order already: filtering keeps it.
  const listed = directory.entries
    .filter(
      (entry) =>
        (countryIds.size === 0 && regionIds.size === 0) ||
        entry.origins.some((o) => countryIds.has(o.countryId) || (o.regionId !== null && regionIds.has(o.regionId))),
    )
    .filter((entry) => !text || entry.matchName.includes(text))
    .filter((entry) => !withAttributes || withAttributes.has(entry.id));
  const pagination = paginate(listed.length, filters.page, filters.size);
  const pageRows = listed.slice(pagination.offset, pagination.offset + pagination.size);
  const productsByProvider = withProducts
    ? await loadProviderProducts(
        db,
        pageRows.map((p) => p.id),
        filters.province,
        locale,
        PROVIDER_PRODUCTS_SIZE,
      )
    : new Map<number, { products: ProviderProduct[]; count: number }>();

  const groups: ProviderGroup[] = [];
  for (const { id, slug, name, imageColor, originNames: origins } of pageRows) {
    const first = origins[0];
    const code = first?.countryCode ?? "";
    let group = groups[groups.length - 1];
    if (!group || group.countryCode !== code) {
      group = { countryCode: code, countryName: first?.countryName ?? "", providers: [] };
      groups.push(group);
    }
    const offered = productsByProvider.get(id);
    group.providers.push({ id, slug, name, imageColor, origins, products: offered?.products ?? [], productCount: offered?.count ?? 0 });
  }

  return { groups, pagination, treeCountries: directory.treeCountries };
}

function buildTreeCountries(
  origins: { countryId: number; regionId: number | null }[],
  reference: ReferenceData,
  locale: Locale,
): TreeCountry[] {
  const regionsByCountry = new Map<number, Set<number>>();
  for (const o of origins) {
    const set = regionsByCountry.get(o.countryId) ?? new Set<number>();
    if (o.regionId) set.add(o.regionId);
    regionsByCountry.set(o.countryId, set);
  }
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  return [...regionsByCountry.entries()]
    .flatMap(([countryId, regionIds]) => {
      const country = reference.countryById.get(countryId);
      if (!country) return [];
      return [
        {
          id: country.id,
          code: country.code,
          name: countryName(country.code, locale),
          regions: [...regionIds]
            .flatMap((id) => {
              const region = reference.regionById.get(id);
              return region ? [{ id, name: localizedName(region, locale) }] : [];
            })
            .sort((a, b) => collator.compare(a.name, b.name)),
        },
      ];
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * Products of several producers in a province's channels, at most `limit` per producer, and how
 * many each offers there, in one query. Each product appears once, linked to its first channel in
 * inventory order.
 */
export async function loadProviderProducts(
  db: Database,
  providerIds: number[],
  province: Province,
  locale: Locale,
  limit: number,
): Promise<Map<number, { products: ProviderProduct[]; count: number }>> {
  const result = new Map<number, { products: ProviderProduct[]; count: number }>();
  if (providerIds.length === 0) return result;
  const rows = await db
    .select({
      providerId: products.providerId,
      productId: products.id,
      productInventoryId: productInventories.id,
      slug: products.slug,
      name: localized(locale, products.nameFr, products.nameEn),
      vintage: products.vintage,
      inventoryCode: productInventories.inventoryCode,
    })
    .from(products)
    .innerJoin(productInventories, eq(productInventories.productId, products.id))
    .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
    .where(and(inArray(products.providerId, providerIds), eq(inventories.province, province)))
    .orderBy(asc(products.providerId), asc(localized(locale, products.nameFr, products.nameEn)), asc(inventories.position));
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.productId)) continue;
    seen.add(row.productId);
    const entry = result.get(row.providerId) ?? { products: [], count: 0 };
    if (entry.products.length < limit) entry.products.push(row);
    entry.count++;
    result.set(row.providerId, entry);
  }
  return result;
}

export interface ProviderDetail {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** The longer biography in the page's language, plain text (paragraphs split by blank lines); "" when none. */
  bio: string;
  /** The producer's own website (an absolute http(s) URL), or null. */
  websiteUrl: string | null;
  imageColor: string | null;
  origins: ProviderOrigin[];
}

/** A producer by slug with its origins; null when unknown. */
export async function getProviderDetail(
  db: Database,
  reference: ReferenceData,
  slug: string,
  locale: Locale,
): Promise<ProviderDetail | null> {
  const [row] = await db.select().from(providers).where(eq(providers.slug, slug)).limit(1);
  if (!row) return null;
  const origins = await db
    .select({ countryId: providerOrigins.countryId, regionId: providerOrigins.regionId })
    .from(providerOrigins)
    .where(eq(providerOrigins.providerId, row.id));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: localized(locale, row.descriptionFr, row.descriptionEn),
    bio: localized(locale, row.bioFr, row.bioEn),
    websiteUrl: row.websiteUrl,
    imageColor: row.imageColor,
    origins: originNames(origins, reference, locale),
  };
}
