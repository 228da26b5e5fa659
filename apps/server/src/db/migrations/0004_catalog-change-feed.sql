-- Tells every app instance that the catalog (products, their variants and stock) changed, so
-- that cached catalog answers are dropped (db/catalog-changes.ts). The app's own connections
-- set otaku.catalog_notify = off: an instance drops its own cache when its write commits and
-- tells the others once for many writes, which keeps NOTIFY's commit lock off the hot stock
-- path. Any other writer (psql, a migration, a script) notifies here, once per statement.
CREATE FUNCTION catalog_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('otaku.catalog_notify', true), 'on') <> 'off' THEN
    PERFORM pg_notify('catalog_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
