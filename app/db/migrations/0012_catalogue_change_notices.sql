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
CREATE TRIGGER catalogue_notice_after_product_listing AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_listing
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_product_inventories AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_inventories
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_product_attributes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_attributes
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_products AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_providers AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON providers
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_provider_origins AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_origins
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_inventories AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inventories
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_product_types AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_types
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_attributes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON attributes
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_countries AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_notice_after_regions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change();
