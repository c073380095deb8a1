CREATE TABLE "blog_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"blog_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carousel_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"carousel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer,
	"provider_id" integer,
	"blog_id" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	CONSTRAINT "carousel_items_target_check" CHECK (("carousel_items"."kind" = 'product' and "carousel_items"."product_id" is not null and "carousel_items"."provider_id" is null and "carousel_items"."blog_id" is null)
       or ("carousel_items"."kind" = 'provider' and "carousel_items"."provider_id" is not null and "carousel_items"."product_id" is null and "carousel_items"."blog_id" is null)
       or ("carousel_items"."kind" = 'blog' and "carousel_items"."blog_id" is not null and "carousel_items"."product_id" is null and "carousel_items"."provider_id" is null)),
	CONSTRAINT "carousel_items_dates_check" CHECK ("carousel_items"."starts_at" is null or "carousel_items"."ends_at" is null or "carousel_items"."starts_at" < "carousel_items"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "carousels" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_code" text NOT NULL,
	"province" text,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carousels_province_check" CHECK ("carousels"."province" is null or "carousels"."province" in ('QC', 'ON'))
);
--> statement-breakpoint
CREATE TABLE "content_page_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"revision" integer NOT NULL,
	"source_fr" text NOT NULL,
	"source_en" text NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"current_revision" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "cover_image_id" integer;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_slug_history" ADD CONSTRAINT "blog_slug_history_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_items" ADD CONSTRAINT "carousel_items_carousel_id_carousels_id_fk" FOREIGN KEY ("carousel_id") REFERENCES "public"."carousels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_items" ADD CONSTRAINT "carousel_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_items" ADD CONSTRAINT "carousel_items_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_items" ADD CONSTRAINT "carousel_items_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_page_revisions" ADD CONSTRAINT "content_page_revisions_slug_content_pages_slug_fk" FOREIGN KEY ("slug") REFERENCES "public"."content_pages"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_page_revisions" ADD CONSTRAINT "content_page_revisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carousel_items_carousel_idx" ON "carousel_items" USING btree ("carousel_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "carousels_group_province_idx" ON "carousels" USING btree ("group_code",coalesce("province", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "content_page_revisions_slug_revision_idx" ON "content_page_revisions" USING btree ("slug","revision");--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blogs_status_idx" ON "blogs" USING btree ("status","publish_at");--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_status_check" CHECK ("blogs"."status" in ('DRAFT', 'SCHEDULED', 'PUBLISHED', 'UNPUBLISHED'));--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_scheduled_check" CHECK (("blogs"."status" = 'SCHEDULED') = ("blogs"."publish_at" is not null));--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_published_check" CHECK ("blogs"."status" <> 'PUBLISHED' or "blogs"."published_at" is not null);