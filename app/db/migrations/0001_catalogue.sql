CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_code" text NOT NULL,
	"code" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"cart_id" integer NOT NULL,
	"product_inventory_id" integer NOT NULL,
	"section" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_cart_id_product_inventory_id_pk" PRIMARY KEY("cart_id","product_inventory_id"),
	CONSTRAINT "cart_lines_quantity_check" CHECK ("cart_lines"."quantity" between 1 and 999),
	CONSTRAINT "cart_lines_section_check" CHECK ("cart_lines"."section" in ('AGENCY', 'SHOP', 'RESERVED'))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" text,
	"customer_id" integer,
	"province" text NOT NULL,
	"lock_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_one_owner_check" CHECK (("carts"."guest_id" is null) <> ("carts"."customer_id" is null)),
	CONSTRAINT "carts_province_check" CHECK ("carts"."province" in ('QC', 'ON')),
	CONSTRAINT "carts_lock_version_check" CHECK ("carts"."lock_version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "inventories" (
	"code" text PRIMARY KEY NOT NULL,
	"province" text NOT NULL,
	"channel_kind" text NOT NULL,
	"sales_unit" text NOT NULL,
	"purchasable" boolean NOT NULL,
	"default_listed" boolean NOT NULL,
	"city" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attributes" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "product_attributes_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "product_inventories" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"inventory_code" text NOT NULL,
	"puid" text NOT NULL,
	"price_cents" integer NOT NULL,
	"agency_fee_cents" integer DEFAULT 0 NOT NULL,
	"price_tax_in_cents" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"availability_status" text NOT NULL,
	"liquor_board_code" text,
	CONSTRAINT "product_inventories_puid_unique" UNIQUE("puid"),
	CONSTRAINT "product_inventories_money_check" CHECK ("product_inventories"."price_cents" >= 0 and "product_inventories"."agency_fee_cents" between 0 and "product_inventories"."price_cents" and "product_inventories"."price_tax_in_cents" >= "product_inventories"."price_cents"),
	CONSTRAINT "product_inventories_quantity_check" CHECK ("product_inventories"."quantity" >= 0),
	CONSTRAINT "product_inventories_status_check" CHECK ("product_inventories"."availability_status" in ('AVAILABLE', 'UPCOMING'))
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"is_alcohol" boolean NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"puid" text NOT NULL,
	"slug" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"vintage" integer,
	"volume_ml" integer,
	"uvc" integer DEFAULT 1 NOT NULL,
	"type_code" text NOT NULL,
	"provider_id" integer NOT NULL,
	"country_id" integer,
	"region_id" integer,
	"zero_rated" boolean DEFAULT false NOT NULL,
	"search_fr" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french', cuvee_unaccent(coalesce(name_fr, ''))), 'A') || setweight(to_tsvector('french', cuvee_unaccent(coalesce(description_fr, ''))), 'B')) STORED,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', cuvee_unaccent(coalesce(name_en, ''))), 'A') || setweight(to_tsvector('english', cuvee_unaccent(coalesce(description_en, ''))), 'B')) STORED,
	CONSTRAINT "products_puid_unique" UNIQUE("puid"),
	CONSTRAINT "products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "provider_origins" (
	"provider_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"region_id" integer
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"image_color" text,
	CONSTRAINT "providers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "regions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_inventory_id_product_inventories_id_fk" FOREIGN KEY ("product_inventory_id") REFERENCES "public"."product_inventories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_inventories" ADD CONSTRAINT "product_inventories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_inventories" ADD CONSTRAINT "product_inventories_inventory_code_inventories_code_fk" FOREIGN KEY ("inventory_code") REFERENCES "public"."inventories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_type_code_product_types_code_fk" FOREIGN KEY ("type_code") REFERENCES "public"."product_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_origins" ADD CONSTRAINT "provider_origins_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_origins" ADD CONSTRAINT "provider_origins_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_origins" ADD CONSTRAINT "provider_origins_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_type_code_idx" ON "attributes" USING btree ("type_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_guest_province_idx" ON "carts" USING btree ("guest_id","province");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_customer_province_idx" ON "carts" USING btree ("customer_id","province");--> statement-breakpoint
CREATE INDEX "product_attributes_attribute_idx" ON "product_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_inventories_product_inventory_idx" ON "product_inventories" USING btree ("product_id","inventory_code");--> statement-breakpoint
CREATE INDEX "product_inventories_inventory_price_idx" ON "product_inventories" USING btree ("inventory_code","price_cents");--> statement-breakpoint
CREATE INDEX "product_inventories_inventory_price_tax_in_idx" ON "product_inventories" USING btree ("inventory_code","price_tax_in_cents");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type_code");--> statement-breakpoint
CREATE INDEX "products_provider_idx" ON "products" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "products_country_idx" ON "products" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "products_region_idx" ON "products" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "products_search_fr_idx" ON "products" USING gin ("search_fr");--> statement-breakpoint
CREATE INDEX "products_search_en_idx" ON "products" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "products_name_fr_trgm_idx" ON "products" USING gin (cuvee_unaccent("name_fr") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_en_trgm_idx" ON "products" USING gin (cuvee_unaccent("name_en") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "provider_origins_provider_idx" ON "provider_origins" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "providers_name_trgm_idx" ON "providers" USING gin (cuvee_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regions_country_idx" ON "regions" USING btree ("country_id");