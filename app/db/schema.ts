/**
 * Drizzle schema of the Cuvée database (docs/product.md#catalogue-fields).
 *
 * Money columns are integer cents, volumes are millilitres, `uvc` is bottles per case.
 * The same schema and migrations serve PGlite (embedded, default) and PostgreSQL (DATABASE_URL).
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  AddressKind,
  AttributeType,
  AuditAction,
  AvailabilityStatus,
  BlogCoverMotif,
  BlogStatus,
  BlogType,
  CanadianProvince,
  CarouselItemKind,
  CartSection,
  CatalogueImportStatus,
  ChannelKind,
  ContentPageSlug,
  FulfilmentStatus,
  ImageFormat,
  ImageVariantFormat,
  InventoryCode,
  LiquorBoard,
  Locale,
  MemberEventKind,
  NewsletterInterest,
  NewsletterStatus,
  OrderStatus,
  OutboxStatus,
  PaymentPart,
  PaymentProvider,
  PaymentStatus,
  PlanInterval,
  PlanKind,
  PriceBenefit,
  ProviderImageRole,
  Province,
  ReservationStatus,
  Role,
  SalesUnit,
  SubscriptionStatus,
  TaxCode,
} from "~/vocabulary";

const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/** Raw bytes (`bytea`): an image's original or one of its variants. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return "bytea";
  },
  fromDriver(value) {
    return value instanceof Uint8Array ? value : new Uint8Array(value);
  },
});

/** Countries by ISO 3166-1 alpha-2 code; names come from i18n-iso-countries at render time. */
export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
});

/** Wine regions (and provinces such as Québec or Ontario) inside a country. */
export const regions = pgTable(
  "regions",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    code: text("code").notNull().unique(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
  },
  (t) => [index("regions_country_idx").on(t.countryId)],
);

/** Producers (spec: provider). */
export const providers = pgTable(
  "providers",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    descriptionFr: text("description_fr").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    /** Colour used by the generated producer image (hex, e.g. "#7b1e3a"); null = default image. */
    imageColor: text("image_color"),
    /** The producer's own website (an absolute http(s) URL), edited by staff; null = none. */
    websiteUrl: text("website_url"),
    /** The longer biography of the producer page, plain paragraphs, edited by staff. */
    bioFr: text("bio_fr").notNull().default(""),
    bioEn: text("bio_en").notNull().default(""),
    /** Starts at 1 and grows with each staff edit: a form sent with an older one is a stale edit (409). */
    version: integer("version").notNull().default(1),
    /** Full-text search, accents ignored: name (A), description (B). */
    searchFr: tsvector("search_fr").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('french', cuvee_unaccent(name)), 'A') || setweight(to_tsvector('french', cuvee_unaccent(description_fr)), 'B')`,
    ),
    searchEn: tsvector("search_en").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', cuvee_unaccent(name)), 'A') || setweight(to_tsvector('english', cuvee_unaccent(description_en)), 'B')`,
    ),
  },
  (t) => [
    index("providers_name_trgm_idx").using("gin", sql`cuvee_unaccent(${t.name}) gin_trgm_ops`),
    index("providers_search_fr_idx").using("gin", t.searchFr),
    index("providers_search_en_idx").using("gin", t.searchEn),
  ],
);

/** Origins of a producer: a country and optionally a region (docs/product.md#producers Provider.origins). */
export const providerOrigins = pgTable(
  "provider_origins",
  {
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    regionId: integer("region_id").references(() => regions.id),
  },
  (t) => [index("provider_origins_provider_idx").on(t.providerId)],
);

/** Product types of the menus (VIN, SPIRITUEUX, … FOODS, GOODS). */
export const productTypes = pgTable("product_types", {
  code: text("code").primaryKey(),
  nameFr: text("name_fr").notNull(),
  nameEn: text("name_en").notNull(),
  /** Whether products of this type are alcoholic beverages (licence rule of docs/product.md#alcohol-with-food). */
  isAlcohol: boolean("is_alcohol").notNull(),
  position: integer("position").notNull().default(0),
});

/** Attributes; typeCode is PRODUCT_COLOR, PROVIDER or BLOG_THEME (docs/product.md#producers). */
export const attributes = pgTable(
  "attributes",
  {
    id: serial("id").primaryKey(),
    typeCode: text("type_code").$type<AttributeType>().notNull(),
    code: text("code").notNull(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
  },
  (t) => [uniqueIndex("attributes_type_code_idx").on(t.typeCode, t.code)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    puid: text("puid").notNull().unique(),
    slug: text("slug").notNull().unique(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    descriptionFr: text("description_fr").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    vintage: integer("vintage"),
    /** Container volume in millilitres; null for goods. */
    volumeMl: integer("volume_ml"),
    /** Bottles (units) per case. */
    uvc: integer("uvc").notNull().default(1),
    typeCode: text("type_code")
      .notNull()
      .references(() => productTypes.code),
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id),
    countryId: integer("country_id").references(() => countries.id),
    regionId: integer("region_id").references(() => regions.id),
    /** Basic groceries: zero-rated for GST/QST/HST (docs/product.md#taxes). */
    zeroRated: boolean("zero_rated").notNull().default(false),
    // Wine facts (decision 036): what a board's product page tells about the bottle; all optional.
    /** Alcohol by volume, in percent with one decimal (13.5). */
    alcoholPercent: numeric("alcohol_percent", { precision: 4, scale: 1, mode: "number" }),
    /** Residual sugar, in grams per litre with one decimal (2.4). */
    residualSugarGramsPerLitre: numeric("residual_sugar_grams_per_litre", { precision: 5, scale: 1, mode: "number" }),
    /** Appellation of origin as labelled (a proper name: "Barolo", "Côtes du Rhône"). */
    appellation: text("appellation"),
    /** Regulated designation as labelled ("DOCG", "AOC", "VQA"). */
    designation: text("designation"),
    tastingNotesFr: text("tasting_notes_fr").notNull().default(""),
    tastingNotesEn: text("tasting_notes_en").notNull().default(""),
    foodPairingsFr: text("food_pairings_fr").notNull().default(""),
    foodPairingsEn: text("food_pairings_en").notNull().default(""),
    /** Serving temperature range, in degrees Celsius (min ≤ max). */
    servingTemperatureMinC: integer("serving_temperature_min_c"),
    servingTemperatureMaxC: integer("serving_temperature_max_c"),
    /** Ageing potential: years the wine keeps from its vintage (or from purchase without one). */
    ageingPotentialYears: integer("ageing_potential_years"),
    /** The SAQ's product code (digits), linking to its page when the product is sold there. */
    saqCode: text("saq_code"),
    /** The LCBO's product code (digits), linking to its page when the product is sold there. */
    lcboCode: text("lcbo_code"),
    /**
     * An allocation (decision 049): from this day to `membersOnlyUntil` (both included, the shop's
     * days), only members may add the product to a cart; others see it. Null: for everyone.
     */
    membersOnlyFrom: date("members_only_from"),
    membersOnlyUntil: date("members_only_until"),
    /** Starts at 1 and grows with each staff edit: a form sent with an older one is a stale edit (409). */
    version: integer("version").notNull().default(1),
    searchFr: tsvector("search_fr").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('french', cuvee_unaccent(coalesce(name_fr, ''))), 'A') || setweight(to_tsvector('french', cuvee_unaccent(coalesce(description_fr, ''))), 'B')`,
    ),
    searchEn: tsvector("search_en").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', cuvee_unaccent(coalesce(name_en, ''))), 'A') || setweight(to_tsvector('english', cuvee_unaccent(coalesce(description_en, ''))), 'B')`,
    ),
  },
  (t) => [
    index("products_type_idx").on(t.typeCode),
    check(
      "products_members_only_check",
      sql`(${t.membersOnlyFrom} is null) = (${t.membersOnlyUntil} is null) and (${t.membersOnlyFrom} is null or ${t.membersOnlyFrom} <= ${t.membersOnlyUntil})`,
    ),
    index("products_provider_idx").on(t.providerId),
    index("products_country_idx").on(t.countryId),
    index("products_region_idx").on(t.regionId),
    index("products_search_fr_idx").using("gin", t.searchFr),
    index("products_search_en_idx").using("gin", t.searchEn),
    index("products_name_fr_trgm_idx").using("gin", sql`cuvee_unaccent(${t.nameFr}) gin_trgm_ops`),
    index("products_name_en_trgm_idx").using("gin", sql`cuvee_unaccent(${t.nameEn}) gin_trgm_ops`),
  ],
);

export const productAttributes = pgTable(
  "product_attributes",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeId] }), index("product_attributes_attribute_idx").on(t.attributeId)],
);

/** The reference list of grape varieties (decision 036): one row per variety, named in both languages. */
export const grapeVarieties = pgTable(
  "grape_varieties",
  {
    id: serial("id").primaryKey(),
    /** Stable lower-case code, the value of the `grape` filter in the URL ("pinot-noir"). */
    code: text("code").notNull().unique(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
  },
  (t) => [
    index("grape_varieties_name_fr_trgm_idx").using("gin", sql`cuvee_unaccent(${t.nameFr}) gin_trgm_ops`),
    index("grape_varieties_name_en_trgm_idx").using("gin", sql`cuvee_unaccent(${t.nameEn}) gin_trgm_ops`),
  ],
);

/** A product's grape varieties, in the label's order, each with its share of the blend when known. */
export const productGrapes = pgTable(
  "product_grapes",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    grapeId: integer("grape_id")
      .notNull()
      .references(() => grapeVarieties.id),
    /** Share of the blend in percent (1–100); null when the label does not say. */
    sharePercent: integer("share_percent"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.grapeId] }),
    index("product_grapes_grape_idx").on(t.grapeId, t.productId),
    check("product_grapes_share_check", sql`${t.sharePercent} is null or ${t.sharePercent} between 1 and 100`),
  ],
);

/**
 * Images (decision 035): the cleaned original of an upload (EXIF and GPS removed, orientation
 * applied, sRGB), kept in the database so every app process sees it. `hash` is the SHA-256 of
 * those bytes in hex: the served URLs carry it, so they never change meaning and are cached for a
 * year; the same photo uploaded twice is one row.
 */
export const images = pgTable(
  "images",
  {
    id: serial("id").primaryKey(),
    hash: text("hash").notNull().unique(),
    format: text("format").$type<ImageFormat>().notNull(),
    /** Pixels of the cleaned original (orientation applied). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    /** The image's dominant colour ("#rrggbb"), painted before it arrives. */
    dominantColor: text("dominant_color").notNull(),
    /** A tiny blurred version (a `data:image/webp;base64,…` URL of a few hundred bytes) for the first paint. */
    placeholder: text("placeholder").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("images_size_check", sql`${t.width} > 0 and ${t.height} > 0`)],
);

/**
 * The variants served (decision 035): one per image, width and format, made once with sharp and
 * kept here, so no process renders one twice (a second maker's insert is ignored).
 */
export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    /** Width in pixels of the variant (one of the widths of app/images/variant-widths.ts). */
    width: integer("width").notNull(),
    format: text("format").$type<ImageVariantFormat>().notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width, t.format] })],
);

/** A product's photos: position 0 is the main photo; alt text in both languages per link. */
export const productImages = pgTable(
  "product_images",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id),
    position: integer("position").notNull(),
    altFr: text("alt_fr").notNull(),
    altEn: text("alt_en").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.imageId] }), index("product_images_image_idx").on(t.imageId)],
);

/** A producer's photo and logo (one of each at most), with alt text in both languages. */
export const providerImages = pgTable(
  "provider_images",
  {
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    role: text("role").$type<ProviderImageRole>().notNull(),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id),
    altFr: text("alt_fr").notNull(),
    altEn: text("alt_en").notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.role] }), index("provider_images_image_idx").on(t.imageId)],
);

/**
 * Inventories (sales channels) of docs/product.md#catalogue-fields as data (docs/product.md#channels-and-inventories):
 * kind PRIVATE_IMPORT (sold by the full case), LIQUOR_BOARD (not sold here), SHOP (by the unit).
 */
export const inventories = pgTable("inventories", {
  code: text("code").$type<InventoryCode>().primaryKey(),
  province: text("province").$type<Province>().notNull(),
  channelKind: text("channel_kind").$type<ChannelKind>().notNull(),
  salesUnit: text("sales_unit").$type<SalesUnit>().notNull(),
  purchasable: boolean("purchasable").notNull(),
  /** Shown in the default product list of its province (docs/product.md#catalogue-fields). */
  defaultListed: boolean("default_listed").notNull(),
  city: text("city"),
  position: integer("position").notNull().default(0),
});

/** A product in one inventory (channel) with its price, agency fee and stock. */
export const productInventories = pgTable(
  "product_inventories",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    inventoryCode: text("inventory_code")
      .$type<InventoryCode>()
      .notNull()
      .references(() => inventories.code),
    puid: text("puid").notNull().unique(),
    /** Per bottle or unit, includes agency fee, excludes GST/QST/HST (docs/product.md#prices). */
    priceCents: integer("price_cents").notNull(),
    /** Agency fee per bottle (private import); 0 elsewhere. */
    agencyFeeCents: integer("agency_fee_cents").notNull().default(0),
    /** priceCents with the province's taxes, for IN display and price filters (docs/product.md#taxes). */
    priceTaxInCents: integer("price_tax_in_cents").notNull(),
    /** Bottles or units in stock. */
    quantity: integer("quantity").notNull().default(0),
    availabilityStatus: text("availability_status").$type<AvailabilityStatus>().notNull(),
    liquorBoardCode: text("liquor_board_code"),
  },
  (t) => [
    check(
      "product_inventories_money_check",
      sql`${t.priceCents} >= 0 and ${t.agencyFeeCents} between 0 and ${t.priceCents} and ${t.priceTaxInCents} >= ${t.priceCents}`,
    ),
    check("product_inventories_quantity_check", sql`${t.quantity} >= 0`),
    check("product_inventories_status_check", sql`${t.availabilityStatus} in ('AVAILABLE', 'UPCOMING')`),
    uniqueIndex("product_inventories_product_inventory_idx").on(t.productId, t.inventoryCode),
    index("product_inventories_inventory_price_idx").on(t.inventoryCode, t.priceCents),
    index("product_inventories_inventory_price_tax_in_idx").on(t.inventoryCode, t.priceTaxInCents),
  ],
);

/** The columns the list filters on without a join (the default list's flag, channel, facets and producer), in the listing's indexes. */
function listingFilters(t: {
  defaultListed: AnyPgColumn;
  inventoryCode: AnyPgColumn;
  typeCode: AnyPgColumn;
  countryId: AnyPgColumn;
  regionId: AnyPgColumn;
  colorId: AnyPgColumn;
  providerId: AnyPgColumn;
}): AnyPgColumn[] {
  return [t.defaultListed, t.inventoryCode, t.typeCode, t.countryId, t.regionId, t.colorId, t.providerId];
}

/**
 * The product list's search table (docs/decisions/022-product-list-at-scale.md): one row
 * per product inventory with every column the list filters or sorts on, the product's included, so
 * a page is one index scan of one table instead of a join sorted across two. Written only by the
 * database's own triggers (migration 0010) in the transaction of each change to product
 * inventories, products, product attributes or attributes, never by the app. The triggers lock
 * product inventories before their listing rows, as a checkout's stock update does.
 */
export const productListing = pgTable(
  "product_listing",
  {
    productInventoryId: integer("product_inventory_id")
      .primaryKey()
      .references(() => productInventories.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    inventoryCode: text("inventory_code").$type<InventoryCode>().notNull(),
    /** The province of the row's inventory ({@link inventories}): every list is one province's (migration 0013). */
    province: text("province").$type<Province>().notNull(),
    /** Whether the row's inventory is in its province's default list ({@link inventories}' `defaultListed`, docs/product.md#channels-and-inventories). */
    defaultListed: boolean("default_listed").notNull(),
    availabilityStatus: text("availability_status").$type<AvailabilityStatus>().notNull(),
    priceCents: integer("price_cents").notNull(),
    priceTaxInCents: integer("price_tax_in_cents").notNull(),
    quantity: integer("quantity").notNull(),
    typeCode: text("type_code").notNull(),
    providerId: integer("provider_id").notNull(),
    countryId: integer("country_id"),
    regionId: integer("region_id"),
    /** The product's PRODUCT_COLOR attribute (the smallest id if it had several); null without one. */
    colorId: integer("color_id"),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    /** The product's {@link products.searchFr} (name and description), for the list's text search (migration 0011). */
    searchFr: tsvector("search_fr"),
    /** The product's {@link products.searchEn}, for the list's text search (migration 0011). */
    searchEn: tsvector("search_en"),
  },
  (t) => [
    // One index per order of the list (docs/product.md#catalogue-fields sort), so a page is read in order and stops early.
    // Each starts with the province, since every list is one province's: a page walks that
    // province's rows only. After the unique id, each carries the filter columns, the default list's
    // flag first: rows a filter refuses are skipped in the index itself (an index-only scan), so a
    // deep page or a rare filter never reads the table (migration 0013, decision 022).
    index("product_listing_status_name_fr_idx").on(t.province, t.availabilityStatus, t.nameFr, t.productInventoryId, ...listingFilters(t)),
    index("product_listing_status_name_en_idx").on(t.province, t.availabilityStatus, t.nameEn, t.productInventoryId, ...listingFilters(t)),
    index("product_listing_name_fr_idx").on(t.province, t.nameFr, t.productInventoryId, ...listingFilters(t)),
    index("product_listing_name_en_idx").on(t.province, t.nameEn, t.productInventoryId, ...listingFilters(t)),
    index("product_listing_price_idx").on(t.province, t.priceCents, t.productInventoryId, ...listingFilters(t)),
    index("product_listing_price_tax_in_idx").on(t.province, t.priceTaxInCents, t.productInventoryId, ...listingFilters(t)),
    index("product_listing_quantity_idx").on(t.province, t.quantity.desc().nullsFirst(), t.productInventoryId, ...listingFilters(t)),
    index("product_listing_product_idx").on(t.productId),
    index("product_listing_provider_idx").on(t.providerId),
    index("product_listing_type_idx").on(t.typeCode),
    index("product_listing_country_idx").on(t.countryId),
    index("product_listing_region_idx").on(t.regionId),
    // The text search (decision 022): full text in the page's language, or the name contains the
    // text, accents ignored; read from the listing row itself, not through the products.
    index("product_listing_search_fr_idx").using("gin", t.searchFr),
    index("product_listing_search_en_idx").using("gin", t.searchEn),
    index("product_listing_name_fr_trgm_idx").using("gin", sql`cuvee_unaccent(${t.nameFr}) gin_trgm_ops`),
    index("product_listing_name_en_trgm_idx").using("gin", sql`cuvee_unaccent(${t.nameEn}) gin_trgm_ops`),
  ],
);

/**
 * The product list's facet counts, materialized (decision 022): how many product
 * inventories share each combination of the facet columns. Kept by the database's triggers on
 * {@link productListing} (migration 0010) in the transaction of each catalogue change, so the
 * counts of a facet-only filter sum a few thousand rows instead of counting the whole catalogue.
 * A stock or price change leaves it untouched.
 */
export const productFacetCounts = pgTable(
  "product_facet_counts",
  {
    inventoryCode: text("inventory_code").$type<InventoryCode>().notNull(),
    typeCode: text("type_code").notNull(),
    countryId: integer("country_id"),
    regionId: integer("region_id"),
    colorId: integer("color_id"),
    /** Product inventories with these values; a row that falls to 0 is deleted. */
    productInventoryCount: integer("product_inventory_count").notNull(),
  },
  (t) => [unique("product_facet_counts_key").on(t.inventoryCode, t.typeCode, t.countryId, t.regionId, t.colorId).nullsNotDistinct()],
);

/**
 * Shopping carts: one per (owner, province) — the owner is a guest id or a customer id — and
 * lockVersion starts at 1 (docs/product.md#cart, Cart).
 */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    guestId: text("guest_id"),
    customerId: integer("customer_id").references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    province: text("province").$type<Province>().notNull(),
    lockVersion: integer("lock_version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Last time the owner was seen: a change of the cart or a renewal of the guest's session.
     * Guest carts untouched for longer than the guest session lifetime are swept.
     */
    touchedAt: timestamp("touched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("carts_one_owner_check", sql`(${t.guestId} is null) <> (${t.customerId} is null)`),
    check("carts_province_check", sql`${t.province} in ('QC', 'ON')`),
    check("carts_lock_version_check", sql`${t.lockVersion} >= 1`),
    uniqueIndex("carts_guest_province_idx").on(t.guestId, t.province),
    uniqueIndex("carts_customer_province_idx").on(t.customerId, t.province),
    index("carts_guest_touched_at_idx")
      .on(t.touchedAt)
      .where(sql`${t.guestId} is not null`),
  ],
);

/** Lines of a cart; section AGENCY (quantity in cases), SHOP (units) or RESERVED (upcoming). */
export const cartLines = pgTable(
  "cart_lines",
  {
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productInventoryId: integer("product_inventory_id")
      .notNull()
      .references(() => productInventories.id),
    section: text("section").$type<CartSection>().notNull(),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productInventoryId] }),
    check("cart_lines_quantity_check", sql`${t.quantity} between 1 and 999`),
    check("cart_lines_section_check", sql`${t.section} in ('AGENCY', 'SHOP', 'RESERVED')`),
  ],
);

/**
 * Counters of the rate limits shared by every app process on one PostgreSQL: the
 * shape rate-limiter-flexible's Drizzle store reads and writes (`key`, `points`, `expire`).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

/**
 * Liquor-store branches where a private-import order is picked up (docs/product.md#checkout Branch): SAQ in
 * Quebec, LCBO in Ontario, seeded from public addresses (app/orders/branch-directory.ts).
 */
export const branches = pgTable(
  "branches",
  {
    id: serial("id").primaryKey(),
    liquorBoard: text("liquor_board").$type<LiquorBoard>().notNull(),
    province: text("province").$type<Province>().notNull(),
    /** The board's own store number. */
    storeNumber: text("store_number").notNull(),
    name: text("name").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    /** "H3A 1T5". */
    postalCode: text("postal_code").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
  },
  (t) => [
    uniqueIndex("branches_board_store_idx").on(t.liquorBoard, t.storeNumber),
    check("branches_province_check", sql`${t.province} in ('QC', 'ON')`),
    index("branches_province_idx").on(t.province),
  ],
);

/**
 * The checkout in progress of one cart: the steps' answers live here, not in the
 * browser, so reload, back/forward and a second tab show the same state. `step` is the furthest
 * step the shopper may open; `cartLockVersion` the cart version the answers were given for.
 */
export const checkouts = pgTable("checkouts", {
  cartId: integer("cart_id")
    .primaryKey()
    .references(() => carts.id, { onDelete: "cascade" }),
  step: integer("step").notNull().default(1),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  email: text("email").notNull().default(""),
  /** E.164. */
  phone: text("phone").notNull().default(""),
  /** A guest asked for an account; the password is kept only as an scrypt hash. */
  createAccount: boolean("create_account").notNull().default(false),
  accountPasswordHash: text("account_password_hash"),
  branchId: integer("branch_id").references(() => branches.id),
  boutiqueCode: text("boutique_code").$type<InventoryCode>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Orders (docs/product.md#orders-and-payment Orders and payment): a snapshot of what was sold, never recomputed from the
 * catalogue. Money in integer cents. `orderNumber` is sequential and human-readable;
 * `confirmationNumber` is random and shown to the customer (it opens the confirmation page).
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderNumber: text("order_number")
      .notNull()
      // Zero-padded to 6 digits, never cut: lpad truncates longer text (order 1,234,567 is CUV-1234567).
      .generatedAlwaysAs((): SQL => sql`'CUV-' || lpad(id::text, greatest(6, length(id::text)), '0')`),
    confirmationNumber: text("confirmation_number").notNull().unique(),
    status: text("status").$type<OrderStatus>().notNull(),
    province: text("province").$type<Province>().notNull(),
    locale: text("locale").$type<Locale>().notNull(),
    guestId: text("guest_id"),
    /** The customer's account: set when placed logged in, or when a guest's order is linked to a new account. */
    customerId: integer("customer_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /**
     * The cart it came from and the cart version it was placed with (one order per version); both
     * null for the order that pays a reservation made available.
     */
    cartId: integer("cart_id").references(() => carts.id, { onDelete: "set null" }),
    cartLockVersion: integer("cart_lock_version"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /**
     * The scrypt hash of the password a guest chose for an account at checkout, until the account
     * is created; then null, or "" when the e-mail already had an account (docs/decisions/031).
     */
    accountPasswordHash: text("account_password_hash"),
    branchId: integer("branch_id").references(() => branches.id),
    /** The branch as it was: "SAQ Atwater, 1455 rue Peel, Montréal H3A 1T5". */
    branchLabel: text("branch_label"),
    boutiqueCode: text("boutique_code").$type<InventoryCode>(),
    agencyFeesCents: integer("agency_fees_cents").notNull(),
    liquorBoardFeesCents: integer("liquor_board_fees_cents").notNull(),
    boutiqueCents: integer("boutique_cents").notNull(),
    /** Member prices (docs/product.md#members): the −20 % single-bottle and −15 % pay-now discounts, pre-tax; 0 for a non-member. */
    memberDiscountCents: integer("member_discount_cents").notNull().default(0),
    /**
     * Which benefit `memberDiscountCents` holds (decision 048): MEMBER, or DISCOVERY for an active
     * discovery package's preferential prices; null when no discount applied.
     */
    priceBenefit: text("price_benefit").$type<PriceBenefit>(),
    gstCents: integer("gst_cents").notNull(),
    qstCents: integer("qst_cents").notNull(),
    hstCents: integer("hst_cents").notNull(),
    payNowCents: integer("pay_now_cents").notNull(),
    payAtLiquorBoardCents: integer("pay_at_liquor_board_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    paymentProvider: text("payment_provider").$type<PaymentProvider>().notNull(),
    /** Unpaid after this, the order expires and its stock returns. */
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The agency's side of a paid or confirmed order. */
    fulfilmentStatus: text("fulfilment_status").$type<FulfilmentStatus>().notNull().default("NEW"),
    agencyFeesReceivedAt: timestamp("agency_fees_received_at", { withTimezone: true }),
    readyForPickupAt: timestamp("ready_for_pickup_at", { withTimezone: true }),
    /** The last business day (QC or ON statutory holidays skipped) for the branch to call (docs/product.md#branch-follow-up). */
    followUpDueOn: date("follow_up_due_on", { mode: "string" }),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('PENDING_PAYMENT', 'PAID', 'CONFIRMED', 'CANCELLED', 'EXPIRED', 'REFUNDED')`),
    check("orders_fulfilment_status_check", sql`${t.fulfilmentStatus} in ('NEW', 'AGENCY_FEES_RECEIVED', 'READY_FOR_PICKUP', 'PICKED_UP')`),
    check("orders_price_benefit_check", sql`${t.priceBenefit} is null or ${t.priceBenefit} in ('MEMBER', 'DISCOVERY')`),
    check("orders_money_check", sql`${t.payNowCents} >= 0 and ${t.totalCents} = ${t.payNowCents} + ${t.payAtLiquorBoardCents}`),
    // One live order per cart version: submitting twice, or from two tabs, gives one order.
    uniqueIndex("orders_cart_version_idx")
      .on(t.cartId, t.cartLockVersion)
      .where(sql`${t.status} in ('PENDING_PAYMENT', 'PAID', 'CONFIRMED')`),
    index("orders_pending_due_idx")
      .on(t.paymentDueAt)
      .where(sql`${t.status} = 'PENDING_PAYMENT'`),
    // The order history (docs/product.md#invoices-and-order-history: by customer, ordered by date).
    index("orders_customer_created_idx").on(t.customerId, t.createdAt),
    // The agency's orders list (newest first, filtered by status and province).
    index("orders_created_idx").on(t.createdAt),
  ],
);

/**
 * One payment attempt at a provider (docs/decisions/032): an order's hosted payment page (a Stripe
 * Checkout Session) or a subscription's purchase, with the provider's own reference for it. An
 * order may have several (a reservation's order opens a new one when the last expired); its
 * current one is the latest. Amounts in integer cents (CAD).
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    /** The provider's reference: Stripe's Checkout Session id (`cs_…`). */
    externalReference: text("external_reference").notNull(),
    /** Where the customer pays while the payment is open (Stripe's hosted page); null once given up. */
    redirectUrl: text("redirect_url"),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("OPEN"),
    /** The provider's refund reference (Stripe's `re_…`) once the amount was refunded through it. */
    refundReference: text("refund_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payments_one_owner_check", sql`(${t.orderId} is null) <> (${t.subscriptionId} is null)`),
    check("payments_status_check", sql`${t.status} in ('OPEN', 'PAID', 'CANCELLED', 'REFUNDED')`),
    check("payments_amount_check", sql`${t.amountCents} >= 0`),
    uniqueIndex("payments_reference_idx").on(t.provider, t.externalReference),
    index("payments_order_idx").on(t.orderId),
    index("payments_subscription_idx").on(t.subscriptionId),
  ],
);

/** What an order sold, as it was sold (Medusa's line snapshots): names, unit prices, quantities. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productInventoryId: integer("product_inventory_id")
      .notNull()
      .references(() => productInventories.id),
    section: text("section").$type<CartSection>().notNull(),
    inventoryCode: text("inventory_code").$type<InventoryCode>().notNull(),
    productName: text("product_name").notNull(),
    providerName: text("provider_name").notNull(),
    vintage: integer("vintage"),
    /** Cases (by the case) or units. */
    quantity: integer("quantity").notNull(),
    uvc: integer("uvc").notNull(),
    /** Bottles or units: cases × uvc when sold by the case. Stock moved by this many. */
    bottles: integer("bottles").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    agencyFeeCents: integer("agency_fee_cents").notNull(),
    agencyFeesCents: integer("agency_fees_cents").notNull(),
    liquorBoardPartCents: integer("liquor_board_part_cents").notNull(),
    boutiqueCents: integer("boutique_cents").notNull(),
    /** This line's member discount, pre-tax (docs/product.md#members); 0 for a non-member. */
    memberDiscountCents: integer("member_discount_cents").notNull().default(0),
    zeroRated: boolean("zero_rated").notNull(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/** The taxes of an order as rows (Medusa's tax lines): one per part and tax code, with its rate. */
export const orderTaxLines = pgTable(
  "order_tax_lines",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    part: text("part").$type<PaymentPart>().notNull(),
    code: text("code").$type<TaxCode>().notNull(),
    /** Parts per 100 000 (9.975 % = 9975). */
    rate: integer("rate").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.part, t.code] })],
);

/**
 * Reservation requests of upcoming products (docs/product.md#reservations; Reservations), placed
 * with an order. Staff marks one available: the stock is held by a new order PENDING_PAYMENT
 * (`paymentOrderId`) due in 5 days, and the customer is e-mailed its payment link (`notifiedAt`).
 */
export const reservations = pgTable(
  "reservations",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productInventoryId: integer("product_inventory_id")
      .notNull()
      .references(() => productInventories.id),
    status: text("status").$type<ReservationStatus>().notNull(),
    productName: text("product_name").notNull(),
    /** Cases (private import) or units. */
    quantity: integer("quantity").notNull(),
    byCase: boolean("by_case").notNull(),
    bottles: integer("bottles").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    locale: text("locale").$type<Locale>().notNull(),
    province: text("province").$type<Province>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true }),
    /** The order that pays this reservation once it is available; null before. */
    paymentOrderId: integer("payment_order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    /** When it became PAID, EXPIRED or CANCELLED. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("reservations_status_idx").on(t.status),
    // The agency's list: newest first, by status and province.
    index("reservations_province_status_created_idx").on(t.province, t.status, t.createdAt),
    uniqueIndex("reservations_payment_order_idx").on(t.paymentOrderId),
    check("reservations_quantity_check", sql`${t.quantity} >= 1 and ${t.bottles} >= ${t.quantity}`),
  ],
);

/**
 * User accounts (docs/product.md#accounts User; docs/product.md#accounts Accounts): customers and staff. A customer belongs to
 * one province (docs/product.md#province-switch). The e-mail is stored lower-case and unique; the password only as an
 * scrypt hash carrying its own parameters (app/users/password.server.ts).
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    role: text("role").$type<Role>().notNull().default("customer"),
    province: text("province").$type<Province>().notNull(),
    locale: text("locale").$type<Locale>().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    /** E.164, or "" when not given. */
    phone: text("phone").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    /** docs/product.md#accounts: after login, a user whose password expired goes to /reset-password. */
    passwordExpired: boolean("password_expired").notNull().default(false),
    newsletter: boolean("newsletter").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_idx").on(t.email),
    check("users_email_lower_check", sql`${t.email} = lower(${t.email})`),
    check("users_role_check", sql`${t.role} in ('customer', 'staff')`),
  ],
);

/**
 * Logged-in sessions, one row per login: the signed cookie names its row, and logging out (or an
 * expiry) deletes it, so an older copy of the cookie no longer logs anyone in.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    /** The session id of the signed cookie. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);

/**
 * A customer's delivery and billing addresses (docs/product.md#accounts User, address form), at most one of
 * each. Postal codes are stored normalised (`A1A 1A1`).
 */
export const addresses = pgTable(
  "addresses",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AddressKind>().notNull(),
    aptSuite: text("apt_suite").notNull().default(""),
    civicNumber: text("civic_number").notNull().default(""),
    street: text("street").notNull(),
    city: text("city").notNull(),
    province: text("province").$type<CanadianProvince>().notNull(),
    postalCode: text("postal_code").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("addresses_kind_check", sql`${t.kind} in ('DELIVERY', 'BILLING')`),
    check("addresses_postal_code_check", sql`${t.postalCode} ~ '^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$'`),
  ],
);

/**
 * Subscription plans (docs/product.md#subscriptions): the membership (150 $ a year) and the discovery packages
 * (290 $ and 380 $ a month, 500 $ a year). Bilingual names and descriptions.
 */
export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    /** Stable code: MEMBERSHIP, DISCOVERY_1, DISCOVERY_2, DISCOVERY_3. */
    code: text("code").primaryKey(),
    kind: text("kind").$type<PlanKind>().notNull(),
    priceCents: integer("price_cents").notNull(),
    interval: text("interval").$type<PlanInterval>().notNull(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    descriptionFr: text("description_fr").notNull(),
    descriptionEn: text("description_en").notNull(),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    check("subscription_plans_kind_check", sql`${t.kind} in ('MEMBERSHIP', 'DISCOVERY')`),
    check("subscription_plans_interval_check", sql`${t.interval} in ('month', 'year')`),
    check("subscription_plans_price_check", sql`${t.priceCents} > 0`),
  ],
);

/**
 * A customer's subscription to a plan (docs/product.md#discovery-subscribers discovery subscription, docs/product.md#members members). Benefits hold
 * while the status is ACTIVE and `current_period_end` is in the future (a PAST_DUE renewal gives
 * none until paid); a cancellation keeps them until then (`cancel_at_period_end`).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planCode: text("plan_code")
      .notNull()
      .references(() => subscriptionPlans.code),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    paymentProvider: text("payment_provider").$type<PaymentProvider>().notNull(),
    /** The contract at Stripe (subscription, customer); the purchase's Checkout Session is its row in `payments` (decision 032). */
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    /** Benefits last until then; null before the first payment. */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("subscriptions_status_check", sql`${t.status} in ('PENDING_PAYMENT', 'ACTIVE', 'PAST_DUE', 'CANCELLED', 'EXPIRED')`),
    index("subscriptions_user_idx").on(t.userId, t.status),
  ],
);

/**
 * Webhook events already applied (Stripe event ids): a replayed event changes nothing.
 */
export const processedWebhookEvents = pgTable("processed_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages sent through the contact form: kept, and e-mailed to the agency.
 */
export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  locale: text("locale").$type<Locale>().notNull(),
  province: text("province").$type<Province>().notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  /** The logged-in customer who wrote, if any. */
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  /**
   * When the agency's copy was written to the outbox (decision 027), which sends it; null on rows
   * from before the outbox whose mail failed.
   */
  mailedAt: timestamp("mailed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Blog articles (docs/product.md#blogs Blog): bilingual rows, bodies in Markdown (rendered and
 * sanitized on the server), a generated cover (colour + motif) and a publication date.
 */
export const blogs = pgTable(
  "blogs",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    type: text("type").$type<BlogType>().notNull(),
    titleFr: text("title_fr").notNull(),
    titleEn: text("title_en").notNull(),
    summaryFr: text("summary_fr").notNull(),
    summaryEn: text("summary_en").notNull(),
    bodyFr: text("body_fr").notNull(),
    bodyEn: text("body_en").notNull(),
    /** The date shown and sorted on: set when the article is first published (null before). */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    status: text("status").$type<BlogStatus>().notNull().default("PUBLISHED"),
    /** SCHEDULED only: when the sweep publishes it. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** A cover photo from the image pipeline (decision 035); the generated cover below otherwise. */
    coverImageId: integer("cover_image_id").references(() => images.id, { onDelete: "set null" }),
    /** The cover photo's alt text in each language ("" without a photo). */
    coverAltFr: text("cover_alt_fr").notNull().default(""),
    coverAltEn: text("cover_alt_en").notNull().default(""),
    /** Bumped by every saved edit: an edit made on an older version is refused (409). */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Cover background colour, `#rrggbb`. */
    coverColor: text("cover_color").notNull(),
    coverMotif: text("cover_motif").$type<BlogCoverMotif>().notNull(),
    /** Full-text search, accents ignored: title (A), summary (B), body (C). */
    searchFr: tsvector("search_fr").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('french', cuvee_unaccent(title_fr)), 'A') || setweight(to_tsvector('french', cuvee_unaccent(summary_fr)), 'B') || setweight(to_tsvector('french', cuvee_unaccent(body_fr)), 'C')`,
    ),
    searchEn: tsvector("search_en").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', cuvee_unaccent(title_en)), 'A') || setweight(to_tsvector('english', cuvee_unaccent(summary_en)), 'B') || setweight(to_tsvector('english', cuvee_unaccent(body_en)), 'C')`,
    ),
  },
  (t) => [
    index("blogs_published_idx").on(t.publishedAt),
    index("blogs_status_idx").on(t.status, t.publishAt),
    check("blogs_status_check", sql`${t.status} in ('DRAFT', 'SCHEDULED', 'PUBLISHED', 'UNPUBLISHED')`),
    check("blogs_scheduled_check", sql`(${t.status} = 'SCHEDULED') = (${t.publishAt} is not null)`),
    check("blogs_published_check", sql`${t.status} <> 'PUBLISHED' or ${t.publishedAt} is not null`),
    index("blogs_type_idx").on(t.type),
    index("blogs_search_fr_idx").using("gin", t.searchFr),
    index("blogs_search_en_idx").using("gin", t.searchEn),
    index("blogs_title_fr_trgm_idx").using("gin", sql`cuvee_unaccent(${t.titleFr}) gin_trgm_ops`),
    index("blogs_title_en_trgm_idx").using("gin", sql`cuvee_unaccent(${t.titleEn}) gin_trgm_ops`),
  ],
);

/** Themes of an article: attributes of typeCode BLOG_THEME. */
export const blogAttributes = pgTable(
  "blog_attributes",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.attributeId] }), index("blog_attributes_attribute_idx").on(t.attributeId)],
);

/**
 * The slugs an article had once published and no longer has: `/blogs/<old>` answers a 301 to the
 * current one. A slug is never reused by another article while it is here.
 */
export const blogSlugHistory = pgTable("blog_slug_history", {
  slug: text("slug").primaryKey(),
  blogId: integer("blog_id")
    .notNull()
    .references(() => blogs.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Products an article is about (docs/product.md#blogs blogs by product). */
export const blogProducts = pgTable(
  "blog_products",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.productId] }), index("blog_products_product_idx").on(t.productId)],
);

/** Producers an article is about (docs/product.md#blogs blogs by provider). */
export const blogProviders = pgTable(
  "blog_providers",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.providerId] }), index("blog_providers_provider_idx").on(t.providerId)],
);

/**
 * Newsletter sign-ups (docs/product.md#newsletter newsletter form, mailing list, outcomes): one row
 * per e-mail and province (each province has its own mailing list). A second sign-up updates the
 * row. `email` is stored lower-cased.
 */
export const newsletterSignups = pgTable(
  "newsletter_signups",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    province: text("province").$type<Province>().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    locale: text("locale").$type<Locale>().notNull(),
    /** The interests chosen in the second step (docs/product.md#newsletter), in the province's list. */
    interests: text("interests")
      .array()
      .$type<NewsletterInterest[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").$type<NewsletterStatus>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_signups_email_province_idx").on(t.email, t.province)],
);

/**
 * Every change made by the agency's staff: who, when, what, and the changed row's
 * fields before and after (JSON; null when there was nothing before or nothing after). Written in
 * the same transaction as the change, never updated or deleted by the shop.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    /** The staff user; null once that account is deleted (the e-mail stays). */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    /** What was changed: `reservation`, `order`, `catalogue_import`… and its id (text: ids or puids). */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId), index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * Catalogue imports: the uploaded CSV is kept so the dry run's report and the
 * confirmation apply the same file (without JavaScript the confirm form cannot send the file
 * again). `report` holds the dry run's counts and refused lines.
 */
export const catalogueImports = pgTable("catalogue_imports", {
  id: serial("id").primaryKey(),
  staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
  fileName: text("file_name").notNull(),
  csv: text("csv").notNull(),
  status: text("status").$type<CatalogueImportStatus>().notNull(),
  report: jsonb("report").$type<import("./import-report").ImportReport>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
});

/**
 * The outbox (decision 027): one row per side effect that must follow a saved change — an e-mail,
 * a newsletter sign-up sent to Mailchimp — written in the same transaction as the change, then
 * worked by every app process (`FOR UPDATE SKIP LOCKED`, app/outbox/outbox.server.ts). `job` says
 * what to do (app/db/outbox-job.ts); an e-mail's `messageId` is fixed here, so a retry after
 * an uncertain send is the same message. A row is claimed by setting `lockedUntil` (a lease): a
 * process killed while sending leaves it to be tried again once the lease ends.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: serial("id").primaryKey(),
    job: jsonb("job").$type<import("./outbox-job").OutboxJob>().notNull(),
    /** A key naming the effect once (e.g. `order-12-confirmation`): a second write of it is ignored. */
    dedupeKey: text("dedupe_key"),
    /** The e-mail's Message-ID header, angle brackets included; null for other jobs. */
    messageId: text("message_id"),
    status: text("status").$type<OutboxStatus>().notNull().default("PENDING"),
    /** Tries made so far (a staff resend starts again from 0). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a process sends it; another process takes it only after this time. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Names the claim in progress: only its holder records the outcome (a resend clears it). */
    claimToken: text("claim_token"),
    /** The last failure, in one line without personal data (error class, code, status). */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("outbox_messages_dedupe_idx").on(t.dedupeKey),
    // The worker's claim and the staff's counts read only the rows still to send or dead.
    index("outbox_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('PENDING', 'FAILED')`),
    index("outbox_messages_status_idx").on(t.status, t.createdAt),
    check("outbox_messages_status_check", sql`${t.status} in ('PENDING', 'FAILED', 'SENT', 'DEAD')`),
  ],
);

/**
 * A logged-in customer's favourite products (docs/decisions/041-favourites-and-recently-viewed.md):
 * one row per (customer, product), listed on `/account/favorites`. `notifiedAvailableAt` records
 * the e-mail sent when an upcoming favourite became available, so it is sent once per return.
 */
export const favorites = pgTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the "now available" e-mail was written to the outbox; null while none is owed or sent. */
    notifiedAvailableAt: timestamp("notified_available_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("favorites_product_idx").on(t.productId)],
);

/**
 * Products a visitor viewed lately, kept server-side with the session (never in the browser's
 * storage, never for crawlers): the viewer is `user:<id>` for a logged-in customer, `guest:<uuid>`
 * for a guest identity. Only the latest few per viewer are kept.
 */
export const recentlyViewed = pgTable(
  "recently_viewed",
  {
    viewerKey: text("viewer_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.viewerKey, t.productId] }),
    index("recently_viewed_viewer_idx").on(t.viewerKey, t.viewedAt),
    index("recently_viewed_viewed_at_idx").on(t.viewedAt),
  ],
);

/**
 * Carousels (docs/product.md#carousels `GET /carousels?group=`): named groups of cards staff arrange, such as the
 * home page's selection, per province or for both (`province` null).
 */
export const carousels = pgTable(
  "carousels",
  {
    id: serial("id").primaryKey(),
    /** The group asked for, e.g. `home-selection`, `new-arrivals`, `upcoming`. */
    groupCode: text("group_code").notNull(),
    province: text("province").$type<Province>(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    /** Bumped by every saved edit (409 on a stale one). */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carousels_group_province_idx").on(t.groupCode, sql`coalesce(${t.province}, '')`),
    check("carousels_province_check", sql`${t.province} is null or ${t.province} in ('QC', 'ON')`),
  ],
);

/**
 * A carousel's cards in order: each a product, a producer or an article, shown between its optional
 * start and end dates. A product out of stock or not sold in the visitor's province drops out when
 * the carousel is read, not here.
 */
export const carouselItems = pgTable(
  "carousel_items",
  {
    id: serial("id").primaryKey(),
    carouselId: integer("carousel_id")
      .notNull()
      .references(() => carousels.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").$type<CarouselItemKind>().notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    providerId: integer("provider_id").references(() => providers.id, { onDelete: "cascade" }),
    blogId: integer("blog_id").references(() => blogs.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
  },
  (t) => [
    index("carousel_items_carousel_idx").on(t.carouselId, t.position),
    check(
      "carousel_items_target_check",
      sql`(${t.kind} = 'product' and ${t.productId} is not null and ${t.providerId} is null and ${t.blogId} is null)
       or (${t.kind} = 'provider' and ${t.providerId} is not null and ${t.productId} is null and ${t.blogId} is null)
       or (${t.kind} = 'blog' and ${t.blogId} is not null and ${t.productId} is null and ${t.providerId} is null)`,
    ),
    check("carousel_items_dates_check", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * Help and content pages (FAQ and glossary, orders and deliveries, pricing policy, about us,
 * services, understanding a product page): the current revision of each, by slug.
 */
export const contentPages = pgTable("content_pages", {
  slug: text("slug").$type<ContentPageSlug>().primaryKey(),
  /** The revision shown; every save and every restore adds one and points here. */
  currentRevision: integer("current_revision").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every saved version of a content page, both languages together, in the Markdown format of
 * content/pages/README.md. Never updated or deleted: restoring an old version adds a new revision
 * with its text.
 */
export const contentPageRevisions = pgTable(
  "content_page_revisions",
  {
    id: serial("id").primaryKey(),
    slug: text("slug")
      .$type<ContentPageSlug>()
      .notNull()
      .references(() => contentPages.slug, { onDelete: "cascade" }),
    /** 1, 2, 3… per page. */
    revision: integer("revision").notNull(),
    sourceFr: text("source_fr").notNull(),
    sourceEn: text("source_en").notNull(),
    /** The staff user who saved it; null for the first revision, taken from the repository's files. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    /** A restore: the revision whose text this one copies. */
    restoredFrom: integer("restored_from"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("content_page_revisions_slug_revision_idx").on(t.slug, t.revision)],
);

/**
 * A member's in-store tasting (decision 049): recorded by staff at a boutique, with or without one
 * non-member guest. At most 4 per membership year (the subscription's paid year), checked with the
 * subscription row locked.
 */
export const memberTastings = pgTable(
  "member_tastings",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** The day of the tasting, in the shop's calendar. */
    tastedOn: date("tasted_on").notNull(),
    /** The boutique (a store inventory) where it took place. */
    storeCode: text("store_code")
      .$type<InventoryCode>()
      .notNull()
      .references(() => inventories.code),
    withGuest: boolean("with_guest").notNull().default(false),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_tastings_subscription_idx").on(t.subscriptionId, t.tastedOn)],
);

/**
 * Members' private events (decision 049): a 5 à 7 with a winemaker, a new-arrivals tasting, an
 * exclusive event, in one province, with a capacity never exceeded.
 */
export const memberEvents = pgTable(
  "member_events",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<MemberEventKind>().notNull(),
    province: text("province").$type<Province>().notNull(),
    titleFr: text("title_fr").notNull(),
    titleEn: text("title_en").notNull(),
    descriptionFr: text("description_fr").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    /** Where it takes place, as shown (an address or a boutique's name). */
    place: text("place").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** Members who can register (each registration is one seat). */
    capacity: integer("capacity").notNull(),
    /** Set when staff cancel the event: it stays listed as cancelled, registrations closed. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Bumped by every saved edit (409 on a stale one). */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("member_events_province_starts_idx").on(t.province, t.startsAt),
    check("member_events_kind_check", sql`${t.kind} in ('WINEMAKER', 'NEW_ARRIVALS', 'EXCLUSIVE')`),
    check("member_events_province_check", sql`${t.province} in ('QC', 'ON')`),
    check("member_events_capacity_check", sql`${t.capacity} > 0`),
  ],
);

/** A member's seat at an event; cancelling deletes it (the seat is free again). */
export const memberEventRegistrations = pgTable(
  "member_event_registrations",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => memberEvents.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("member_event_registrations_user_idx").on(t.userId)],
);
