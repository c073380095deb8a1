-- Every app process keeps values computed from the catalogue in memory (app/cache.server.ts: counts,
-- reference data, the producers' directory, the shared pages of decision 026). A change to a table
-- they are computed from notifies channel `cuvee_catalogue` once per statement; PostgreSQL delivers
-- it to every listening process when the transaction commits (one notice per transaction), and each
-- process empties those caches (clearCachesOnCatalogueChanges in app/cache.server.ts). A statement
-- that changes no row notifies too: an order's stock move empties every process's caches.
CREATE OR REPLACE FUNCTION cuvee_notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cuvee_catalogue', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The tables the cached values are computed from: the listing and what it is copied from (stock
-- moves by orders included), the producers, and the reference data.
DO $$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY ARRAY['product_listing', 'product_inventories', 'product_attributes', 'products',
    'providers', 'provider_origins', 'inventories', 'product_types', 'attributes', 'countries', 'regions'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change()',
      'catalogue_notice_after_' || catalogue_table, catalogue_table);
  END LOOP;
END $$;
