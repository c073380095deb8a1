/**
 * Reference data of the catalogue (docs/product.md#catalogue-fields, "Provinces, channels and inventories"):
 * the inventories (sales channels), the product types of the menus, the attributes
 * (PRODUCT_COLOR, PROVIDER, BLOG_THEME) and the origin tree (countries by ISO code, wine regions). These rows are data, not code branches: the app reads
 * them from the database; this module only holds their canonical values and upserts them.
 */
import { lockCatalogueWrites } from "~/catalogue/catalogue-write-lock.server";
import type { Database } from "~/db/client.server";
import { attributes, branches, countries, grapeVarieties, inventories, productTypes, regions, subscriptionPlans } from "~/db/schema";
import { excludedValues } from "~/db/upsert";
import { BRANCH_SEEDS } from "~/orders/branch-directory";
import { PLAN_SEEDS } from "~/subscriptions/plan-directory";
import type { AttributeType, ChannelKind, InventoryCode, Province, SalesUnit } from "~/vocabulary";
import { GRAPE_VARIETIES } from "./grape-varieties";


/** One row of the `inventories` table. */
export interface InventoryRow {
  code: InventoryCode;
  province: Province;
  channelKind: ChannelKind;
  salesUnit: SalesUnit;
  purchasable: boolean;
  /** In the default product list of its province (docs/product.md#catalogue-fields). */
  defaultListed: boolean;
  city: string | null;
  position: number;
}

/**
 * The ten inventories of docs/product.md#channels-and-inventories / docs/product.md#catalogue-fields. QC first, then ON; positions leave gaps so a
 * channel can be inserted later without renumbering.
 */
export const INVENTORIES: readonly InventoryRow[] = [
  { code: "IP", province: "QC", channelKind: "PRIVATE_IMPORT", salesUnit: "CASE", purchasable: true, defaultListed: true, city: null, position: 10 },
  { code: "SAQ", province: "QC", channelKind: "LIQUOR_BOARD", salesUnit: "NONE", purchasable: false, defaultListed: true, city: null, position: 20 },
  { code: "Brouhh", province: "QC", channelKind: "SHOP", salesUnit: "UNIT", purchasable: true, defaultListed: true, city: "Montreal", position: 30 },
  { code: "MERCH_MTL", province: "QC", channelKind: "SHOP", salesUnit: "UNIT", purchasable: true, defaultListed: true, city: "Montreal", position: 40 },
  { code: "STORE_MTL", province: "QC", channelKind: "SHOP", salesUnit: "UNIT", purchasable: true, defaultListed: false, city: "Montreal", position: 50 },
  { code: "STORE_QC", province: "QC", channelKind: "SHOP", salesUnit: "UNIT", purchasable: true, defaultListed: false, city: "Quebec", position: 60 },
  { code: "PI", province: "ON", channelKind: "PRIVATE_IMPORT", salesUnit: "CASE", purchasable: true, defaultListed: true, city: null, position: 110 },
  { code: "LCBO", province: "ON", channelKind: "LIQUOR_BOARD", salesUnit: "NONE", purchasable: false, defaultListed: true, city: null, position: 120 },
  { code: "MERCH_TORONTO", province: "ON", channelKind: "SHOP", salesUnit: "UNIT", purchasable: true, defaultListed: true, city: "Toronto", position: 130 },
  { code: "STORE_TORONTO", province: "ON", channelKind: "SHOP", salesUnit: "UNIT", purchasable: true, defaultListed: false, city: "Toronto", position: 140 },
];

/** Inventory codes of docs/product.md#channels-and-inventories, in display order. */
export const INVENTORY_CODES: readonly string[] = INVENTORIES.map((i) => i.code);

/** One row of the `product_types` table. */
export interface ProductTypeRow {
  code: string;
  nameFr: string;
  nameEn: string;
  isAlcohol: boolean;
  position: number;
}

/**
 * Product types of docs/product.md#catalogue-fields menus.
 *
 * VIN and WINES both appear in the spec's menus. We read them as two distinct categories:
 * VIN is wine in general ("Vins" / "Wines"), WINES is the natural and skin-contact
 * (orange) wine shelf ("Vins nature et orange" / "Natural & orange wines") that importers of
 * natural wine usually give its own menu entry. The code stays WINES because that is the
 * value the spec shows.
 *
 * BOISSON is the non-alcoholic beverage shelf (juice, kombucha), so `isAlcohol` is false, like
 * FOODS and GOODS; this flag drives the licence rule of docs/product.md#alcohol-with-food (alcohol in the shop only with a
 * food item in the basket).
 */
export const PRODUCT_TYPES: readonly ProductTypeRow[] = [
  { code: "VIN", nameFr: "Vins", nameEn: "Wines", isAlcohol: true, position: 10 },
  { code: "WINES", nameFr: "Vins nature et orange", nameEn: "Natural & orange wines", isAlcohol: true, position: 20 },
  { code: "CIDRE", nameFr: "Cidres et poirés", nameEn: "Ciders & perries", isAlcohol: true, position: 30 },
  { code: "BIERE", nameFr: "Bières", nameEn: "Beers", isAlcohol: true, position: 40 },
  { code: "APERITIF", nameFr: "Apéritifs et vermouths", nameEn: "Aperitifs & vermouths", isAlcohol: true, position: 50 },
  { code: "SPIRITUEUX", nameFr: "Spiritueux", nameEn: "Spirits", isAlcohol: true, position: 60 },
  { code: "BOISSON", nameFr: "Boissons sans alcool", nameEn: "Non-alcoholic drinks", isAlcohol: false, position: 70 },
  { code: "FOODS", nameFr: "Épicerie fine", nameEn: "Fine foods", isAlcohol: false, position: 80 },
  { code: "GOODS", nameFr: "Objets et accessoires", nameEn: "Goods & accessories", isAlcohol: false, position: 90 },
];

/** Product type codes of docs/product.md#catalogue-fields. */
export const PRODUCT_TYPE_CODES: readonly string[] = PRODUCT_TYPES.map((t) => t.code);

/** Attribute type codes of docs/product.md#catalogue-fields. */

/** One row of the `attributes` table (the id is assigned by the database). */
export interface AttributeRow {
  typeCode: AttributeType;
  code: string;
  nameFr: string;
  nameEn: string;
}

/**
 * Colours of products (PRODUCT_COLOR). The codes are also what `bottleSvg` receives as `color`
 * (see app/catalogue/images.ts).
 */
export const PRODUCT_COLORS: readonly AttributeRow[] = [
  { typeCode: "PRODUCT_COLOR", code: "red", nameFr: "Rouge", nameEn: "Red" },
  { typeCode: "PRODUCT_COLOR", code: "white", nameFr: "Blanc", nameEn: "White" },
  { typeCode: "PRODUCT_COLOR", code: "rose", nameFr: "Rosé", nameEn: "Rosé" },
  { typeCode: "PRODUCT_COLOR", code: "orange", nameFr: "Orange", nameEn: "Orange" },
  { typeCode: "PRODUCT_COLOR", code: "sparkling", nameFr: "Mousseux", nameEn: "Sparkling" },
  { typeCode: "PRODUCT_COLOR", code: "sweet", nameFr: "Liquoreux", nameEn: "Sweet" },
];

/** Farming and estate attributes (PROVIDER), attached to products of the producers who qualify. */
export const PROVIDER_ATTRIBUTES: readonly AttributeRow[] = [
  { typeCode: "PROVIDER", code: "organic", nameFr: "Biologique", nameEn: "Organic" },
  { typeCode: "PROVIDER", code: "biodynamic", nameFr: "Biodynamique", nameEn: "Biodynamic" },
  { typeCode: "PROVIDER", code: "natural", nameFr: "Nature", nameEn: "Natural" },
  { typeCode: "PROVIDER", code: "family-estate", nameFr: "Domaine familial", nameEn: "Family estate" },
  { typeCode: "PROVIDER", code: "local", nameFr: "Produit d'ici", nameEn: "Local" },
];

/** Blog themes (BLOG_THEME), used as blog filters (docs/product.md#blogs /blogs `a`). */
export const BLOG_THEMES: readonly AttributeRow[] = [
  { typeCode: "BLOG_THEME", code: "winemakers", nameFr: "Vignerons", nameEn: "Winemakers" },
  { typeCode: "BLOG_THEME", code: "new-arrivals", nameFr: "Arrivages", nameEn: "New arrivals" },
  { typeCode: "BLOG_THEME", code: "food-pairing", nameFr: "Accords mets et vins", nameEn: "Food pairing" },
  { typeCode: "BLOG_THEME", code: "travel", nameFr: "Voyages", nameEn: "Travel" },
  { typeCode: "BLOG_THEME", code: "events", nameFr: "Événements", nameEn: "Events" },
];

/** Every attribute row seeded by {@link seedReferenceData}. */
export const ATTRIBUTES: readonly AttributeRow[] = [...PRODUCT_COLORS, ...PROVIDER_ATTRIBUTES, ...BLOG_THEMES];

/** One wine region (or province-level area) of the origin tree (docs/product.md#producers filter tree). */
export interface RegionRow {
  /** Unique, URL-safe, accent-free slug; stable across runs (the upsert key). */
  code: string;
  /** ISO 3166-1 alpha-2 code of its country. */
  country: string;
  nameFr: string;
  nameEn: string;
  /** French "from …" phrase used in generated descriptions (not stored), e.g. "de la Loire". */
  fromFr: string;
  /** English "from …" phrase used in generated descriptions (not stored), e.g. "from the Loire Valley". */
  fromEn: string;
  /** Canadian province, when the region lies in Quebec or Ontario (drives demo channel choices). */
  province?: Province;
}

/**
 * Regions of the demo and synthetic catalogues, grouped by country. Every country has at least
 * one region, so no country of the filter tree is disabled (docs/product.md#producers).
 */
export const REGIONS: readonly RegionRow[] = [
  // France
  { code: "loire", country: "FR", nameFr: "Loire", nameEn: "Loire Valley", fromFr: "de la Loire", fromEn: "from the Loire Valley" },
  { code: "beaujolais", country: "FR", nameFr: "Beaujolais", nameEn: "Beaujolais", fromFr: "du Beaujolais", fromEn: "from Beaujolais" },
  { code: "bourgogne", country: "FR", nameFr: "Bourgogne", nameEn: "Burgundy", fromFr: "de Bourgogne", fromEn: "from Burgundy" },
  { code: "jura", country: "FR", nameFr: "Jura", nameEn: "Jura", fromFr: "du Jura", fromEn: "from the Jura" },
  { code: "rhone", country: "FR", nameFr: "Vallée du Rhône", nameEn: "Rhône Valley", fromFr: "de la vallée du Rhône", fromEn: "from the Rhône Valley" },
  { code: "alsace", country: "FR", nameFr: "Alsace", nameEn: "Alsace", fromFr: "d'Alsace", fromEn: "from Alsace" },
  { code: "champagne", country: "FR", nameFr: "Champagne", nameEn: "Champagne", fromFr: "de Champagne", fromEn: "from Champagne" },
  { code: "savoie", country: "FR", nameFr: "Savoie", nameEn: "Savoy", fromFr: "de Savoie", fromEn: "from Savoy" },
  { code: "roussillon", country: "FR", nameFr: "Roussillon", nameEn: "Roussillon", fromFr: "du Roussillon", fromEn: "from Roussillon" },
  { code: "languedoc", country: "FR", nameFr: "Languedoc", nameEn: "Languedoc", fromFr: "du Languedoc", fromEn: "from Languedoc" },
  { code: "gascogne", country: "FR", nameFr: "Gascogne", nameEn: "Gascony", fromFr: "de Gascogne", fromEn: "from Gascony" },
  { code: "bordeaux", country: "FR", nameFr: "Bordeaux", nameEn: "Bordeaux", fromFr: "de Bordeaux", fromEn: "from Bordeaux" },
  { code: "normandie", country: "FR", nameFr: "Normandie", nameEn: "Normandy", fromFr: "de Normandie", fromEn: "from Normandy" },
  { code: "bretagne", country: "FR", nameFr: "Bretagne", nameEn: "Brittany", fromFr: "de Bretagne", fromEn: "from Brittany" },
  { code: "aveyron", country: "FR", nameFr: "Aveyron", nameEn: "Aveyron", fromFr: "de l'Aveyron", fromEn: "from Aveyron" },
  // Italy
  { code: "piemonte", country: "IT", nameFr: "Piémont", nameEn: "Piedmont", fromFr: "du Piémont", fromEn: "from Piedmont" },
  { code: "emilia-romagna", country: "IT", nameFr: "Émilie-Romagne", nameEn: "Emilia-Romagna", fromFr: "d'Émilie-Romagne", fromEn: "from Emilia-Romagna" },
  { code: "friuli-venezia-giulia", country: "IT", nameFr: "Frioul-Vénétie julienne", nameEn: "Friuli-Venezia Giulia", fromFr: "du Frioul", fromEn: "from Friuli" },
  { code: "trentino-alto-adige", country: "IT", nameFr: "Trentin-Haut-Adige", nameEn: "Trentino-Alto Adige", fromFr: "du Trentin-Haut-Adige", fromEn: "from Trentino-Alto Adige" },
  { code: "toscana", country: "IT", nameFr: "Toscane", nameEn: "Tuscany", fromFr: "de Toscane", fromEn: "from Tuscany" },
  { code: "sicilia", country: "IT", nameFr: "Sicile", nameEn: "Sicily", fromFr: "de Sicile", fromEn: "from Sicily" },
  { code: "puglia", country: "IT", nameFr: "Pouilles", nameEn: "Apulia", fromFr: "des Pouilles", fromEn: "from Apulia" },
  // Spain
  { code: "canarias", country: "ES", nameFr: "Îles Canaries", nameEn: "Canary Islands", fromFr: "des îles Canaries", fromEn: "from the Canary Islands" },
  { code: "galicia", country: "ES", nameFr: "Galice", nameEn: "Galicia", fromFr: "de Galice", fromEn: "from Galicia" },
  { code: "manchuela", country: "ES", nameFr: "Manchuela", nameEn: "Manchuela", fromFr: "de la Manchuela", fromEn: "from Manchuela" },
  { code: "catalunya", country: "ES", nameFr: "Catalogne", nameEn: "Catalonia", fromFr: "de Catalogne", fromEn: "from Catalonia" },
  { code: "pais-vasco", country: "ES", nameFr: "Pays basque", nameEn: "Basque Country", fromFr: "du Pays basque", fromEn: "from the Basque Country" },
  // Portugal
  { code: "douro", country: "PT", nameFr: "Douro", nameEn: "Douro", fromFr: "du Douro", fromEn: "from the Douro" },
  { code: "vinho-verde", country: "PT", nameFr: "Vinho Verde", nameEn: "Vinho Verde", fromFr: "de la région du Vinho Verde", fromEn: "from the Vinho Verde region" },
  // Austria
  { code: "burgenland", country: "AT", nameFr: "Burgenland", nameEn: "Burgenland", fromFr: "du Burgenland", fromEn: "from Burgenland" },
  { code: "niederosterreich", country: "AT", nameFr: "Basse-Autriche", nameEn: "Lower Austria", fromFr: "de Basse-Autriche", fromEn: "from Lower Austria" },
  // Germany
  { code: "pfalz", country: "DE", nameFr: "Palatinat", nameEn: "Pfalz", fromFr: "du Palatinat", fromEn: "from the Pfalz" },
  { code: "rheinhessen", country: "DE", nameFr: "Hesse rhénane", nameEn: "Rheinhessen", fromFr: "de Hesse rhénane", fromEn: "from Rheinhessen" },
  { code: "mosel", country: "DE", nameFr: "Moselle", nameEn: "Mosel", fromFr: "de la Moselle", fromEn: "from the Mosel" },
  // Belgium, Greece, Georgia
  { code: "bruxelles", country: "BE", nameFr: "Bruxelles", nameEn: "Brussels", fromFr: "de Bruxelles", fromEn: "from Brussels" },
  { code: "santorini", country: "GR", nameFr: "Santorin", nameEn: "Santorini", fromFr: "de Santorin", fromEn: "from Santorini" },
  { code: "kakheti", country: "GE", nameFr: "Kakhétie", nameEn: "Kakheti", fromFr: "de Kakhétie", fromEn: "from Kakheti" },
  // Canada
  { code: "quebec", country: "CA", nameFr: "Québec", nameEn: "Quebec", fromFr: "du Québec", fromEn: "from Quebec", province: "QC" },
  { code: "monteregie", country: "CA", nameFr: "Montérégie", nameEn: "Montérégie", fromFr: "de la Montérégie", fromEn: "from Montérégie, Quebec", province: "QC" },
  { code: "cantons-de-l-est", country: "CA", nameFr: "Cantons-de-l'Est", nameEn: "Eastern Townships", fromFr: "des Cantons-de-l'Est", fromEn: "from the Eastern Townships, Quebec", province: "QC" },
  { code: "bas-saint-laurent", country: "CA", nameFr: "Bas-Saint-Laurent", nameEn: "Lower St. Lawrence", fromFr: "du Bas-Saint-Laurent", fromEn: "from the Lower St. Lawrence, Quebec", province: "QC" },
  { code: "ontario", country: "CA", nameFr: "Ontario", nameEn: "Ontario", fromFr: "de l'Ontario", fromEn: "from Ontario", province: "ON" },
  { code: "niagara-peninsula", country: "CA", nameFr: "Péninsule du Niagara", nameEn: "Niagara Peninsula", fromFr: "de la péninsule du Niagara", fromEn: "from the Niagara Peninsula", province: "ON" },
  { code: "prince-edward-county", country: "CA", nameFr: "Comté du Prince-Édouard", nameEn: "Prince Edward County", fromFr: "du comté du Prince-Édouard", fromEn: "from Prince Edward County", province: "ON" },
  { code: "nouveau-brunswick", country: "CA", nameFr: "Nouveau-Brunswick", nameEn: "New Brunswick", fromFr: "du Nouveau-Brunswick", fromEn: "from New Brunswick" },
];

/** ISO 3166-1 alpha-2 codes of the countries seeded (names come from i18n-iso-countries). */
export const COUNTRY_CODES: readonly string[] = [...new Set(REGIONS.map((r) => r.country))];

/**
 * Upserts the reference rows of docs/product.md#catalogue-fields / docs/product.md#channels-and-inventories: inventories, product types, attributes,
 * countries ({@link COUNTRY_CODES}) and regions ({@link REGIONS}); the grape varieties (by code,
 * `GRAPE_VARIETIES`, decision 036); the liquor-store branches and the subscription plans (by code,
 * `PLAN_SEEDS`).
 *
 * Idempotent: existing rows are updated in place (by inventory code, product type code,
 * attribute (typeCode, code), country code and region code), so ids stay stable and running it
 * twice changes nothing.
 * Rows that are no longer in this module are left alone (they may be referenced).
 *
 * @param db the Drizzle database (PGlite or PostgreSQL), migrations already applied
 * @throws whatever the driver throws when the tables are missing (migrations not run)
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Liquor-store branches of the checkout (docs/product.md#checkout), from public addresses.
    await tx
      .insert(branches)
      .values(BRANCH_SEEDS.map((b) => ({ ...b })))
      .onConflictDoUpdate({
        target: [branches.liquorBoard, branches.storeNumber],
        set: excludedValues(branches, ["province", "name", "street", "city", "postalCode", "phone"]),
      });
    // Subscription plans (docs/product.md#subscriptions): the membership and the three discovery packages.
    await tx
      .insert(subscriptionPlans)
      .values(PLAN_SEEDS.map((p) => ({ ...p })))
      .onConflictDoUpdate({
        target: subscriptionPlans.code,
        set: excludedValues(subscriptionPlans, [
          "kind", "priceCents", "interval", "nameFr", "nameEn", "descriptionFr", "descriptionEn", "position", "active",
        ]),
      });
    // Listing rows copy their inventory's province and default flag: a change of either waits for
    // the catalogue's bulk writers (lockCatalogueWrites); every start's unchanged upsert does not.
    const current = new Map(
      (await tx.select({ code: inventories.code, province: inventories.province, defaultListed: inventories.defaultListed }).from(inventories)).map(
        (i) => [i.code, i],
      ),
    );
    const settingsChange = INVENTORIES.some((i) => {
      const before = current.get(i.code);
      return before !== undefined && (before.province !== i.province || before.defaultListed !== i.defaultListed);
    });
    if (settingsChange) await lockCatalogueWrites(tx);
    await tx
      .insert(inventories)
      .values(INVENTORIES.map((i) => ({ ...i })))
      .onConflictDoUpdate({
        target: inventories.code,
        set: excludedValues(inventories, [
          "province", "channelKind", "salesUnit", "purchasable", "defaultListed", "city", "position",
        ]),
      });
    await tx
      .insert(productTypes)
      .values(PRODUCT_TYPES.map((t) => ({ ...t })))
      .onConflictDoUpdate({
        target: productTypes.code,
        set: excludedValues(productTypes, ["nameFr", "nameEn", "isAlcohol", "position"]),
      });
    await tx
      .insert(attributes)
      .values(ATTRIBUTES.map((a) => ({ ...a })))
      .onConflictDoUpdate({
        target: [attributes.typeCode, attributes.code],
        set: excludedValues(attributes, ["nameFr", "nameEn"]),
      });
    await tx
      .insert(countries)
      .values(COUNTRY_CODES.map((code) => ({ code })))
      .onConflictDoNothing({ target: countries.code });
    const countryRows = await tx.select({ id: countries.id, code: countries.code }).from(countries);
    const countryIds = new Map(countryRows.map((c) => [c.code, c.id]));
    await tx
      .insert(regions)
      .values(
        REGIONS.map((r) => ({
          code: r.code,
          countryId: countryIds.get(r.country)!,
          nameFr: r.nameFr,
          nameEn: r.nameEn,
        })),
      )
      .onConflictDoUpdate({
        target: regions.code,
        set: excludedValues(regions, ["countryId", "nameFr", "nameEn"]),
      });
    // Grape varieties (decision 036): the list products name their grapes from.
    await tx
      .insert(grapeVarieties)
      .values(GRAPE_VARIETIES.map((g) => ({ ...g })))
      .onConflictDoUpdate({
        target: grapeVarieties.code,
        set: excludedValues(grapeVarieties, ["nameFr", "nameEn"]),
      });
  });
}
