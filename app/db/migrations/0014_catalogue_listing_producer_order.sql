-- A producer's products sit side by side on disk (decision 022 has the measurements). A text search
-- finds its rows through the listing's text indexes, then reads each matching row from the table.
-- A search's words mostly name producers and what they make, so its matches cluster by producer;
-- the synthetic catalogue, like an agency's grown over years, had interleaved them, and at 100,000
-- products `t=chateau` read 3,340 table pages where producer order needs about 300.
--
-- The listing's copy (migration 0013's, whose only change is the ORDER BY) now writes each
-- statement's rows in producer order, and the catalogue's bulk writers (the import, the synthetic
-- catalogue) send a producer's rows together. `products` is put in the same order for the global
-- search, which reads the products' own rows.
CREATE OR REPLACE FUNCTION cuvee_product_listing_copy(product_inventory_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing (product_inventory_id, product_id, inventory_code, province, default_listed,
    availability_status, price_cents, price_tax_in_cents, quantity, type_code, provider_id, country_id, region_id,
    color_id, name_fr, name_en, search_fr, search_en)
  SELECT pi.id, pi.product_id, pi.inventory_code, i.province, i.default_listed, pi.availability_status,
    pi.price_cents, pi.price_tax_in_cents, pi.quantity, p.type_code, p.provider_id, p.country_id, p.region_id,
    (SELECT min(pa.attribute_id) FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
      WHERE pa.product_id = p.id AND a.type_code = 'PRODUCT_COLOR'),
    p.name_fr, p.name_en, p.search_fr, p.search_en
  FROM product_inventories pi JOIN products p ON p.id = pi.product_id JOIN inventories i ON i.code = pi.inventory_code
  WHERE pi.id = ANY(product_inventory_ids)
  ORDER BY p.provider_id, pi.id
  ON CONFLICT (product_inventory_id) DO UPDATE SET
    product_id = excluded.product_id, inventory_code = excluded.inventory_code, province = excluded.province,
    default_listed = excluded.default_listed, availability_status = excluded.availability_status,
    price_cents = excluded.price_cents, price_tax_in_cents = excluded.price_tax_in_cents, quantity = excluded.quantity,
    type_code = excluded.type_code, provider_id = excluded.provider_id, country_id = excluded.country_id,
    region_id = excluded.region_id, color_id = excluded.color_id, name_fr = excluded.name_fr,
    name_en = excluded.name_en, search_fr = excluded.search_fr, search_en = excluded.search_en;
END $$;
--> statement-breakpoint
-- Both tables locked at once, in the order every catalogue writer takes them (a stock change reads
-- `products` before its trigger writes the listing), so that a process still serving during a
-- rolling start waits instead of deadlocking with the migration.
LOCK TABLE "products", "product_listing" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
-- A tenth of each page left free: a stock or price change writes the row's new version on its own
-- page, so orders do not scatter a producer's rows.
ALTER TABLE "product_listing" SET (fillfactor = 90);--> statement-breakpoint
-- The rows already written, put in producer order once (README, Database upkeep, for later).
CLUSTER "product_listing" USING "product_listing_provider_idx";--> statement-breakpoint
CLUSTER "products" USING "products_provider_idx";--> statement-breakpoint
ANALYZE "product_listing", "products";
