-- A second change feed, for the users table (db/change-feed.ts): the auth plugin keeps the
-- signed-in users in memory and drops them when any user changes. The trigger function of
-- 0004 becomes one for every feed (its channel is the trigger's argument), and the setting
-- the app's own connections use to keep it quiet is named for what it does.
CREATE FUNCTION announce_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('otaku.announce_changes', true), 'on') <> 'off' THEN
    PERFORM pg_notify(TG_ARGV[0], '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_catalog_changed ON products;
--> statement-breakpoint
DROP TRIGGER product_variants_catalog_changed ON product_variants;
--> statement-breakpoint
DROP FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change('catalog_changed');
--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change('catalog_changed');
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change('users_changed');
