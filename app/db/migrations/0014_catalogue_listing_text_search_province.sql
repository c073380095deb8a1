-- The product list's text search reads only its province's entries (decision 022). Its indexes
-- held every province's rows: a search for "chateau" at 100,000 products found 4,387 matches in
-- the indexes, then visited 3,340 table pages to drop the other province's 2,132. Each text index now
-- starts with the province (a multi-column GIN index: btree_gin indexes the province), and the
-- producer branch's index carries the province and the default flag, so the visit is 1,997 pages.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "product_listing_provider_idx";--> statement-breakpoint
DROP INDEX "product_listing_search_fr_idx";--> statement-breakpoint
DROP INDEX "product_listing_search_en_idx";--> statement-breakpoint
DROP INDEX "product_listing_name_fr_trgm_idx";--> statement-breakpoint
DROP INDEX "product_listing_name_en_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_listing_provider_idx" ON "product_listing" USING btree ("provider_id","province","default_listed");--> statement-breakpoint
CREATE INDEX "product_listing_search_fr_idx" ON "product_listing" USING gin ("province","search_fr");--> statement-breakpoint
CREATE INDEX "product_listing_search_en_idx" ON "product_listing" USING gin ("province","search_en");--> statement-breakpoint
CREATE INDEX "product_listing_name_fr_trgm_idx" ON "product_listing" USING gin ("province",cuvee_unaccent("name_fr") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_listing_name_en_trgm_idx" ON "product_listing" USING gin ("province",cuvee_unaccent("name_en") gin_trgm_ops);