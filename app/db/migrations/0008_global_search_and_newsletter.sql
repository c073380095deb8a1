CREATE TABLE "newsletter_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"province" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"locale" text NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "search_fr" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french', cuvee_unaccent(title_fr)), 'A') || setweight(to_tsvector('french', cuvee_unaccent(summary_fr)), 'B') || setweight(to_tsvector('french', cuvee_unaccent(body_fr)), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', cuvee_unaccent(title_en)), 'A') || setweight(to_tsvector('english', cuvee_unaccent(summary_en)), 'B') || setweight(to_tsvector('english', cuvee_unaccent(body_en)), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "search_fr" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french', cuvee_unaccent(name)), 'A') || setweight(to_tsvector('french', cuvee_unaccent(description_fr)), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', cuvee_unaccent(name)), 'A') || setweight(to_tsvector('english', cuvee_unaccent(description_en)), 'B')) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_signups_email_province_idx" ON "newsletter_signups" USING btree ("email","province");--> statement-breakpoint
CREATE INDEX "blogs_search_fr_idx" ON "blogs" USING gin ("search_fr");--> statement-breakpoint
CREATE INDEX "blogs_search_en_idx" ON "blogs" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "blogs_title_fr_trgm_idx" ON "blogs" USING gin (cuvee_unaccent("title_fr") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_title_en_trgm_idx" ON "blogs" USING gin (cuvee_unaccent("title_en") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_search_fr_idx" ON "providers" USING gin ("search_fr");--> statement-breakpoint
CREATE INDEX "providers_search_en_idx" ON "providers" USING gin ("search_en");