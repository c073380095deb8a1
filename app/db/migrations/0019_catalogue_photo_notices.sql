-- A product's or producer's photos and a product's grapes are shown from the same caches as the
-- rest of the catalogue (the shared pages, the list's facet counts): a change to them notifies
-- `cuvee_catalogue` like a change to the products does (migration 0012), so every process empties
-- its caches at the commit, whichever process made the change (a staff upload, a bulk upload).
DO $$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY ARRAY['product_images', 'provider_images', 'product_grapes', 'grape_varieties'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION cuvee_notify_catalogue_change()',
      'catalogue_notice_after_' || catalogue_table, catalogue_table);
  END LOOP;
END $$;
