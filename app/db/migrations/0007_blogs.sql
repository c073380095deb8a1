CREATE TABLE "blog_attributes" (
	"blog_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "blog_attributes_blog_id_attribute_id_pk" PRIMARY KEY("blog_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "blog_products" (
	"blog_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "blog_products_blog_id_product_id_pk" PRIMARY KEY("blog_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "blog_providers" (
	"blog_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	CONSTRAINT "blog_providers_blog_id_provider_id_pk" PRIMARY KEY("blog_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"title_fr" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_fr" text NOT NULL,
	"summary_en" text NOT NULL,
	"body_fr" text NOT NULL,
	"body_en" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"cover_color" text NOT NULL,
	"cover_motif" text NOT NULL,
	CONSTRAINT "blogs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "blog_attributes" ADD CONSTRAINT "blog_attributes_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_attributes" ADD CONSTRAINT "blog_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_products" ADD CONSTRAINT "blog_products_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_products" ADD CONSTRAINT "blog_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_providers" ADD CONSTRAINT "blog_providers_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_providers" ADD CONSTRAINT "blog_providers_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_attributes_attribute_idx" ON "blog_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "blog_products_product_idx" ON "blog_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "blog_providers_provider_idx" ON "blog_providers" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "blogs_published_idx" ON "blogs" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "blogs_type_idx" ON "blogs" USING btree ("type");