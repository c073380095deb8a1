ALTER TABLE "product_listing" ADD COLUMN "search_fr" "tsvector";--> statement-breakpoint
ALTER TABLE "product_listing" ADD COLUMN "search_en" "tsvector";--> statement-breakpoint
-- The product list's text search reads the listing row itself (decision 022): the product's search
-- vectors are copied there with its names, by the same function and triggers as the rest of the row
-- (migration 0010), so the search no longer looks its products up one by one.
-- Copies these product inventories, as they are now, into product_listing.
CREATE OR REPLACE FUNCTION cuvee_product_listing_copy(product_inventory_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing (product_inventory_id, product_id, inventory_code, availability_status, price_cents,
    price_tax_in_cents, quantity, type_code, provider_id, country_id, region_id, color_id, name_fr, name_en,
    search_fr, search_en)
  SELECT pi.id, pi.product_id, pi.inventory_code, pi.availability_status, pi.price_cents, pi.price_tax_in_cents,
    pi.quantity, p.type_code, p.provider_id, p.country_id, p.region_id,
    (SELECT min(pa.attribute_id) FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
      WHERE pa.product_id = p.id AND a.type_code = 'PRODUCT_COLOR'),
    p.name_fr, p.name_en, p.search_fr, p.search_en
  FROM product_inventories pi JOIN products p ON p.id = pi.product_id
  WHERE pi.id = ANY(product_inventory_ids)
  ON CONFLICT (product_inventory_id) DO UPDATE SET
    product_id = excluded.product_id, inventory_code = excluded.inventory_code,
    availability_status = excluded.availability_status, price_cents = excluded.price_cents,
    price_tax_in_cents = excluded.price_tax_in_cents, quantity = excluded.quantity, type_code = excluded.type_code,
    provider_id = excluded.provider_id, country_id = excluded.country_id, region_id = excluded.region_id,
    color_id = excluded.color_id, name_fr = excluded.name_fr, name_en = excluded.name_en,
    search_fr = excluded.search_fr, search_en = excluded.search_en;
END $$;
--> statement-breakpoint
-- A product's new name or description (its search vectors) reaches its listing rows like its other columns.
CREATE OR REPLACE FUNCTION cuvee_product_listing_rows_of_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM product_inventories WHERE product_id IN (SELECT id FROM changed_products) ORDER BY id FOR NO KEY UPDATE;
  UPDATE product_listing l SET type_code = p.type_code, provider_id = p.provider_id, country_id = p.country_id,
    region_id = p.region_id, name_fr = p.name_fr, name_en = p.name_en, search_fr = p.search_fr, search_en = p.search_en
  FROM changed_products p
  WHERE l.product_id = p.id
    AND (l.type_code, l.provider_id, l.country_id, l.region_id, l.name_fr, l.name_en, l.search_fr, l.search_en)
      IS DISTINCT FROM (p.type_code, p.provider_id, p.country_id, p.region_id, p.name_fr, p.name_en, p.search_fr, p.search_en);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The catalogue already there, before its indexes are built.
SELECT cuvee_product_listing_copy(ARRAY(SELECT id FROM product_inventories));
--> statement-breakpoint
CREATE INDEX "product_listing_search_fr_idx" ON "product_listing" USING gin ("search_fr");--> statement-breakpoint
CREATE INDEX "product_listing_search_en_idx" ON "product_listing" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "product_listing_name_fr_trgm_idx" ON "product_listing" USING gin (cuvee_unaccent("name_fr") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_listing_name_en_trgm_idx" ON "product_listing" USING gin (cuvee_unaccent("name_en") gin_trgm_ops);
