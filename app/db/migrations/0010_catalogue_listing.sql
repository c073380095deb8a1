CREATE TABLE "product_facet_counts" (
	"inventory_code" text NOT NULL,
	"type_code" text NOT NULL,
	"country_id" integer,
	"region_id" integer,
	"color_id" integer,
	"product_inventory_count" integer NOT NULL,
	CONSTRAINT "product_facet_counts_key" UNIQUE NULLS NOT DISTINCT("inventory_code","type_code","country_id","region_id","color_id")
);
--> statement-breakpoint
CREATE TABLE "product_listing" (
	"product_inventory_id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"inventory_code" text NOT NULL,
	"availability_status" text NOT NULL,
	"price_cents" integer NOT NULL,
	"price_tax_in_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"type_code" text NOT NULL,
	"provider_id" integer NOT NULL,
	"country_id" integer,
	"region_id" integer,
	"color_id" integer,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_listing" ADD CONSTRAINT "product_listing_product_inventory_id_product_inventories_id_fk" FOREIGN KEY ("product_inventory_id") REFERENCES "public"."product_inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_listing_status_name_fr_idx" ON "product_listing" USING btree ("availability_status","name_fr","product_inventory_id","inventory_code","type_code","country_id","region_id","color_id","provider_id");--> statement-breakpoint
CREATE INDEX "product_listing_status_name_en_idx" ON "product_listing" USING btree ("availability_status","name_en","product_inventory_id","inventory_code","type_code","country_id","region_id","color_id","provider_id");--> statement-breakpoint
CREATE INDEX "product_listing_name_fr_idx" ON "product_listing" USING btree ("name_fr","product_inventory_id","inventory_code","type_code","country_id","region_id","color_id","provider_id");--> statement-breakpoint
CREATE INDEX "product_listing_name_en_idx" ON "product_listing" USING btree ("name_en","product_inventory_id","inventory_code","type_code","country_id","region_id","color_id","provider_id");--> statement-breakpoint
CREATE INDEX "product_listing_price_idx" ON "product_listing" USING btree ("price_cents","product_inventory_id","inventory_code","type_code","country_id","region_id","color_id","provider_id");--> statement-breakpoint
CREATE INDEX "product_listing_price_tax_in_idx" ON "product_listing" USING btree ("price_tax_in_cents","product_inventory_id","inventory_code","type_code","country_id","region_id","color_id","provider_id");--> statement-breakpoint
CREATE INDEX "product_listing_quantity_idx" ON "product_listing" USING btree ("quantity" DESC NULLS FIRST,"product_inventory_id","inventory_code","type_code","country_id","region_id","color_id","provider_id");--> statement-breakpoint
CREATE INDEX "product_listing_product_idx" ON "product_listing" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_listing_provider_idx" ON "product_listing" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "product_listing_type_idx" ON "product_listing" USING btree ("type_code");--> statement-breakpoint
CREATE INDEX "product_listing_country_idx" ON "product_listing" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "product_listing_region_idx" ON "product_listing" USING btree ("region_id");--> statement-breakpoint
-- The triggers below are the only writers of product_listing (decision 022): each change to
-- product inventories, products or product attributes is copied in the same statement's transaction.
-- Statement-level with transition tables: a 1,000-row import statement costs one upsert, not 1,000.
-- Lock order, everywhere: product inventories, then their listing rows (a checkout's stock update
-- does the same), so a product renamed during a checkout neither deadlocks with it nor has its new
-- name overwritten by the checkout's copy of the row.
-- Copies these product inventories, as they are now, into product_listing.
CREATE FUNCTION cuvee_product_listing_copy(product_inventory_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing (product_inventory_id, product_id, inventory_code, availability_status, price_cents,
    price_tax_in_cents, quantity, type_code, provider_id, country_id, region_id, color_id, name_fr, name_en)
  SELECT pi.id, pi.product_id, pi.inventory_code, pi.availability_status, pi.price_cents, pi.price_tax_in_cents,
    pi.quantity, p.type_code, p.provider_id, p.country_id, p.region_id,
    (SELECT min(pa.attribute_id) FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
      WHERE pa.product_id = p.id AND a.type_code = 'PRODUCT_COLOR'),
    p.name_fr, p.name_en
  FROM product_inventories pi JOIN products p ON p.id = pi.product_id
  WHERE pi.id = ANY(product_inventory_ids)
  ON CONFLICT (product_inventory_id) DO UPDATE SET
    product_id = excluded.product_id, inventory_code = excluded.inventory_code,
    availability_status = excluded.availability_status, price_cents = excluded.price_cents,
    price_tax_in_cents = excluded.price_tax_in_cents, quantity = excluded.quantity, type_code = excluded.type_code,
    provider_id = excluded.provider_id, country_id = excluded.country_id, region_id = excluded.region_id,
    color_id = excluded.color_id, name_fr = excluded.name_fr, name_en = excluded.name_en;
END $$;
--> statement-breakpoint
CREATE FUNCTION cuvee_product_listing_rows_of_inventories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cuvee_product_listing_copy(ARRAY(SELECT id FROM changed_inventories));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_listing_after_inventories_insert AFTER INSERT ON product_inventories
  REFERENCING NEW TABLE AS changed_inventories FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_listing_rows_of_inventories();
--> statement-breakpoint
CREATE TRIGGER product_listing_after_inventories_update AFTER UPDATE ON product_inventories
  REFERENCING NEW TABLE AS changed_inventories FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_listing_rows_of_inventories();
--> statement-breakpoint
CREATE FUNCTION cuvee_product_listing_rows_of_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM product_inventories WHERE product_id IN (SELECT id FROM changed_products) ORDER BY id FOR NO KEY UPDATE;
  UPDATE product_listing l SET type_code = p.type_code, provider_id = p.provider_id, country_id = p.country_id,
    region_id = p.region_id, name_fr = p.name_fr, name_en = p.name_en
  FROM changed_products p
  WHERE l.product_id = p.id
    AND (l.type_code, l.provider_id, l.country_id, l.region_id, l.name_fr, l.name_en)
      IS DISTINCT FROM (p.type_code, p.provider_id, p.country_id, p.region_id, p.name_fr, p.name_en);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_listing_after_products_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_listing_rows_of_products();
--> statement-breakpoint
-- The colour of these products' listing rows, recomputed (their smallest PRODUCT_COLOR attribute).
CREATE FUNCTION cuvee_product_listing_recolor(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM product_inventories WHERE product_id = ANY(product_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE product_listing l SET color_id = (
    SELECT min(pa.attribute_id) FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
    WHERE pa.product_id = l.product_id AND a.type_code = 'PRODUCT_COLOR')
  WHERE l.product_id = ANY(product_ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION cuvee_product_listing_colors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cuvee_product_listing_recolor(ARRAY(SELECT DISTINCT product_id FROM changed_attributes));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_listing_after_attributes_insert AFTER INSERT ON product_attributes
  REFERENCING NEW TABLE AS changed_attributes FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_listing_colors();
--> statement-breakpoint
CREATE TRIGGER product_listing_after_attributes_delete AFTER DELETE ON product_attributes
  REFERENCING OLD TABLE AS changed_attributes FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_listing_colors();
--> statement-breakpoint
CREATE FUNCTION cuvee_product_listing_colors_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cuvee_product_listing_recolor(ARRAY(SELECT product_id FROM old_attributes UNION SELECT product_id FROM new_attributes));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_listing_after_attributes_update AFTER UPDATE ON product_attributes
  REFERENCING OLD TABLE AS old_attributes NEW TABLE AS new_attributes
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_listing_colors_moved();
--> statement-breakpoint
-- An attribute that becomes, or stops being, a colour recolours the products that have it.
CREATE FUNCTION cuvee_product_listing_attribute_types() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cuvee_product_listing_recolor(ARRAY(
    SELECT DISTINCT pa.product_id FROM product_attributes pa
    JOIN old_types o ON o.id = pa.attribute_id JOIN new_types n ON n.id = o.id
    WHERE (o.type_code = 'PRODUCT_COLOR') <> (n.type_code = 'PRODUCT_COLOR')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_listing_after_attributes_types_update AFTER UPDATE ON attributes
  REFERENCING OLD TABLE AS old_types NEW TABLE AS new_types
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_listing_attribute_types();
--> statement-breakpoint
-- The facet counts follow product_listing (decision 022): rows added count in, rows removed count
-- out, and an update counts only when a facet column moved (a stock or price change writes nothing).
CREATE FUNCTION cuvee_product_facet_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_facet_counts AS f (inventory_code, type_code, country_id, region_id, color_id, product_inventory_count)
  SELECT inventory_code, type_code, country_id, region_id, color_id, count(*)
  FROM listing_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT product_facet_counts_key
  DO UPDATE SET product_inventory_count = f.product_inventory_count + excluded.product_inventory_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cuvee_product_facet_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_facet_counts f SET product_inventory_count = f.product_inventory_count - gone.n
  FROM (SELECT inventory_code, type_code, country_id, region_id, color_id, count(*) AS n
        FROM listing_rows GROUP BY 1, 2, 3, 4, 5) gone
  WHERE (f.inventory_code, f.type_code, f.country_id, f.region_id, f.color_id)
    IS NOT DISTINCT FROM (gone.inventory_code, gone.type_code, gone.country_id, gone.region_id, gone.color_id);
  DELETE FROM product_facet_counts WHERE product_inventory_count <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cuvee_product_facet_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT o.inventory_code AS old_inventory, o.type_code AS old_type, o.country_id AS old_country,
      o.region_id AS old_region, o.color_id AS old_color, n.inventory_code, n.type_code, n.country_id, n.region_id, n.color_id
    FROM old_rows o JOIN new_rows n USING (product_inventory_id)
    WHERE (o.inventory_code, o.type_code, o.country_id, o.region_id, o.color_id)
      IS DISTINCT FROM (n.inventory_code, n.type_code, n.country_id, n.region_id, n.color_id)
  ), delta AS (
    SELECT inventory_code, type_code, country_id, region_id, color_id, sum(n)::integer AS n FROM (
      SELECT old_inventory AS inventory_code, old_type AS type_code, old_country AS country_id,
        old_region AS region_id, old_color AS color_id, -1 AS n FROM moved
      UNION ALL SELECT inventory_code, type_code, country_id, region_id, color_id, 1 FROM moved
    ) d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  )
  INSERT INTO product_facet_counts AS f (inventory_code, type_code, country_id, region_id, color_id, product_inventory_count)
  SELECT * FROM delta
  ON CONFLICT ON CONSTRAINT product_facet_counts_key
  DO UPDATE SET product_inventory_count = f.product_inventory_count + excluded.product_inventory_count;
  IF FOUND THEN
    DELETE FROM product_facet_counts WHERE product_inventory_count <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_after_listing_insert AFTER INSERT ON product_listing
  REFERENCING NEW TABLE AS listing_rows FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_facet_counts_added();
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_after_listing_delete AFTER DELETE ON product_listing
  REFERENCING OLD TABLE AS listing_rows FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_facet_counts_removed();
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_after_listing_update AFTER UPDATE ON product_listing
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_facet_counts_moved();
--> statement-breakpoint
CREATE FUNCTION cuvee_product_facet_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE product_facet_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_after_listing_truncate AFTER TRUNCATE ON product_listing
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_product_facet_counts_emptied();
--> statement-breakpoint
-- Index-only scans need the visibility map: vacuum this small, often-read table early.
ALTER TABLE product_listing SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
--> statement-breakpoint
-- The catalogue already there.
SELECT cuvee_product_listing_copy(ARRAY(SELECT id FROM product_inventories));
