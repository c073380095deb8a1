/**
 * Reference data read once per database and kept in memory: inventories (channels), product types,
 * attributes, countries, regions and grape varieties. They change only with a migration or a catalogue import,
 * which restarts the server.
 */
import { asc } from "drizzle-orm";
import { createDatabaseCache } from "~/cache.server";
import type { Database } from "~/db/client.server";
import { attributes, countries, grapeVarieties, inventories, productTypes, regions } from "~/db/schema";
import { localized } from "~/lib/localized";
import type { InventoryCode, Locale, Province } from "~/vocabulary";

export type Inventory = typeof inventories.$inferSelect;
export type ProductType = typeof productTypes.$inferSelect;
export type Attribute = typeof attributes.$inferSelect;
export type Country = typeof countries.$inferSelect;
export type Region = typeof regions.$inferSelect;
export type GrapeVariety = typeof grapeVarieties.$inferSelect;

export interface ReferenceData {
  inventories: Inventory[];
  inventoryByCode: Map<string, Inventory>;
  productTypes: ProductType[];
  attributes: Attribute[];
  attributeById: Map<number, Attribute>;
  countries: Country[];
  countryByCode: Map<string, Country>;
  countryById: Map<number, Country>;
  regions: Region[];
  regionById: Map<number, Region>;
  /** The reference list of grape varieties (decision 036), ordered by code. */
  grapes: GrapeVariety[];
  grapeByCode: Map<string, GrapeVariety>;
  known: { inventoryCodes: Set<string>; typeCodes: Set<string>; grapeCodes: Set<string>; boutiqueCodes: Set<string> };
}

const referenceCache = createDatabaseCache<"reference", ReferenceData>({ ttlMs: 0, maxEntries: 1 });

/** The reference data of a database, loaded on first use and cached for the database's lifetime. */
export function getReferenceData(db: Database): Promise<ReferenceData> {
  return referenceCache(db, "reference", () => loadReferenceData(db));
}

async function loadReferenceData(db: Database): Promise<ReferenceData> {
  const [inventoryRows, typeRows, attributeRows, countryRows, regionRows, grapeRows] = await Promise.all([
    db.select().from(inventories).orderBy(asc(inventories.position)),
    db.select().from(productTypes).orderBy(asc(productTypes.position)),
    db.select().from(attributes).orderBy(asc(attributes.typeCode), asc(attributes.id)),
    db.select().from(countries).orderBy(asc(countries.code)),
    db.select().from(regions).orderBy(asc(regions.nameFr)),
    db.select().from(grapeVarieties).orderBy(asc(grapeVarieties.code)),
  ]);
  return {
    inventories: inventoryRows,
    inventoryByCode: new Map(inventoryRows.map((i) => [i.code, i])),
    productTypes: typeRows,
    attributes: attributeRows,
    attributeById: new Map(attributeRows.map((a) => [a.id, a])),
    countries: countryRows,
    countryByCode: new Map(countryRows.map((c) => [c.code, c])),
    countryById: new Map(countryRows.map((c) => [c.id, c])),
    regions: regionRows,
    regionById: new Map(regionRows.map((r) => [r.id, r])),
    grapes: grapeRows,
    grapeByCode: new Map(grapeRows.map((g) => [g.code, g])),
    known: {
      inventoryCodes: new Set(inventoryRows.map((i) => i.code)),
      typeCodes: new Set(typeRows.map((t) => t.code)),
      grapeCodes: new Set(grapeRows.map((g) => g.code)),
      // The boutiques' channels: a list of these alone is sorted by price, dearest first (decision 051).
      boutiqueCodes: new Set(inventoryRows.filter((i) => i.channelKind === "SHOP").map((i) => i.code)),
    },
  };
}

/**
 * The product list's default availability for a province (docs/product.md#channels-and-inventories): ON → LCBO, PI, MERCH_TORONTO;
 * QC → IP, SAQ, Brouhh, MERCH_MTL. Read from the inventories' `defaultListed` flag.
 */
export function defaultInventoryCodes(reference: ReferenceData, province: Province): InventoryCode[] {
  return reference.inventories.filter((i) => i.province === province && i.defaultListed).map((i) => i.code);
}

/** The localized name of a row with `nameFr` / `nameEn`. */
export function localizedName(row: { nameFr: string; nameEn: string }, locale: Locale): string {
  return localized(locale, row.nameFr, row.nameEn);
}
