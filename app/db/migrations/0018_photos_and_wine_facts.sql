CREATE TABLE "grape_varieties" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "grape_varieties_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "image_variants" (
	"image_id" integer NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_variants_image_id_width_format_pk" PRIMARY KEY("image_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"dominant_color" text NOT NULL,
	"placeholder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_hash_unique" UNIQUE("hash"),
	CONSTRAINT "images_size_check" CHECK ("images"."width" > 0 and "images"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_grapes" (
	"product_id" integer NOT NULL,
	"grape_id" integer NOT NULL,
	"share_percent" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_grapes_product_id_grape_id_pk" PRIMARY KEY("product_id","grape_id"),
	CONSTRAINT "product_grapes_share_check" CHECK ("product_grapes"."share_percent" is null or "product_grapes"."share_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"product_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt_fr" text NOT NULL,
	"alt_en" text NOT NULL,
	CONSTRAINT "product_images_product_id_image_id_pk" PRIMARY KEY("product_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "provider_images" (
	"provider_id" integer NOT NULL,
	"role" text NOT NULL,
	"image_id" integer NOT NULL,
	"alt_fr" text NOT NULL,
	"alt_en" text NOT NULL,
	CONSTRAINT "provider_images_provider_id_role_pk" PRIMARY KEY("provider_id","role")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "alcohol_percent" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "residual_sugar_grams_per_litre" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "appellation" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "designation" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tasting_notes_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tasting_notes_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "food_pairings_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "food_pairings_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "serving_temperature_min_c" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "serving_temperature_max_c" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ageing_potential_years" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "saq_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lcbo_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "website_url" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "bio_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "bio_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_grapes" ADD CONSTRAINT "product_grapes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_grapes" ADD CONSTRAINT "product_grapes_grape_id_grape_varieties_id_fk" FOREIGN KEY ("grape_id") REFERENCES "public"."grape_varieties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_images" ADD CONSTRAINT "provider_images_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_images" ADD CONSTRAINT "provider_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grape_varieties_name_fr_trgm_idx" ON "grape_varieties" USING gin (cuvee_unaccent("name_fr") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grape_varieties_name_en_trgm_idx" ON "grape_varieties" USING gin (cuvee_unaccent("name_en") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_grapes_grape_idx" ON "product_grapes" USING btree ("grape_id","product_id");--> statement-breakpoint
CREATE INDEX "product_images_image_idx" ON "product_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "provider_images_image_idx" ON "provider_images" USING btree ("image_id");