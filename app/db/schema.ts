/**
 * Drizzle schema of the Cuvée database (DESIGN §3, SPEC §3).
 *
 * Money columns are integer cents, volumes are millilitres, `uvc` is bottles per case.
 * The same schema and migrations serve PGlite (embedded, default) and PostgreSQL (DATABASE_URL).
 */
import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  AttributeType,
  AvailabilityStatus,
  CartSection,
  ChannelKind,
  InventoryCode,
  Province,
  SalesUnit,
} from "~/vocabulary";

const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
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
  },
  (t) => [index("providers_name_trgm_idx").using("gin", sql`cuvee_unaccent(${t.name}) gin_trgm_ops`)],
);

/** Origins of a producer: a country and optionally a region (spec §3 Provider.origins). */
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
  /** Whether products of this type are alcoholic beverages (licence rule of spec §5). */
  isAlcohol: boolean("is_alcohol").notNull(),
  position: integer("position").notNull().default(0),
});

/** Attributes; typeCode is PRODUCT_COLOR, PROVIDER or BLOG_THEME (spec §3). */
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
    /** Basic groceries: zero-rated for GST/QST/HST (DESIGN §3). */
    zeroRated: boolean("zero_rated").notNull().default(false),
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
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeId] }),
    index("product_attributes_attribute_idx").on(t.attributeId),
  ],
);

/**
 * Inventories (sales channels) of spec §3 as data (DESIGN §3):
 * kind PRIVATE_IMPORT (sold by the full case), LIQUOR_BOARD (not sold here), SHOP (by the unit).
 */
export const inventories = pgTable("inventories", {
  code: text("code").$type<InventoryCode>().primaryKey(),
  province: text("province").$type<Province>().notNull(),
  channelKind: text("channel_kind").$type<ChannelKind>().notNull(),
  salesUnit: text("sales_unit").$type<SalesUnit>().notNull(),
  purchasable: boolean("purchasable").notNull(),
  /** Shown in the default product list of its province (spec §2). */
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
    /** Per bottle or unit, includes agency fee, excludes GST/QST/HST (spec §9). */
    priceCents: integer("price_cents").notNull(),
    /** Agency fee per bottle (private import); 0 elsewhere. */
    agencyFeeCents: integer("agency_fee_cents").notNull().default(0),
    /** priceCents with the province's taxes, for IN display and price filters (spec §5). */
    priceTaxInCents: integer("price_tax_in_cents").notNull(),
    /** Bottles or units in stock. */
    quantity: integer("quantity").notNull().default(0),
    availabilityStatus: text("availability_status").$type<AvailabilityStatus>().notNull(),
    liquorBoardCode: text("liquor_board_code"),
  },
  (t) => [
    check("product_inventories_money_check", sql`${t.priceCents} >= 0 and ${t.agencyFeeCents} between 0 and ${t.priceCents} and ${t.priceTaxInCents} >= ${t.priceCents}`),
    check("product_inventories_quantity_check", sql`${t.quantity} >= 0`),
    check("product_inventories_status_check", sql`${t.availabilityStatus} in ('AVAILABLE', 'UPCOMING')`),
    uniqueIndex("product_inventories_product_inventory_idx").on(t.productId, t.inventoryCode),
    index("product_inventories_inventory_price_idx").on(t.inventoryCode, t.priceCents),
    index("product_inventories_inventory_price_tax_in_idx").on(t.inventoryCode, t.priceTaxInCents),
  ],
);

/**
 * Shopping carts: one per (owner, province) — the owner is a guest id or a customer id — and
 * lockVersion starts at 1 (SPEC §4, DESIGN §3 Cart).
 */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    guestId: text("guest_id"),
    customerId: integer("customer_id"),
    province: text("province").$type<Province>().notNull(),
    lockVersion: integer("lock_version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Last time the owner was seen: a change of the cart or a renewal of the guest's session.
     * Guest carts untouched for longer than the guest session lifetime are swept (issue 6 §5).
     */
    touchedAt: timestamp("touched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("carts_one_owner_check", sql`(${t.guestId} is null) <> (${t.customerId} is null)`),
    check("carts_province_check", sql`${t.province} in ('QC', 'ON')`),
    check("carts_lock_version_check", sql`${t.lockVersion} >= 1`),
    uniqueIndex("carts_guest_province_idx").on(t.guestId, t.province),
    uniqueIndex("carts_customer_province_idx").on(t.customerId, t.province),
    index("carts_guest_touched_at_idx").on(t.touchedAt).where(sql`${t.guestId} is not null`),
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
 * Counters of the rate limits shared by every app process on one PostgreSQL (issue 6 §7): the
 * shape rate-limiter-flexible's Drizzle store reads and writes (`key`, `points`, `expire`).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});
