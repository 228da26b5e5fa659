-- A cart change moves one product's stock and nothing else of the catalog, yet the statement
-- trigger of product_variants (0006) announces it as a change of anything, and on the embedded
-- database, where that trigger is how the app learns of its own writes, every cart change
-- dropped every catalog answer kept in memory. These wrappers run a cart change with that
-- trigger quiet and announce the product instead, on `catalog_stock_changed`, so only the
-- answers that show its stock are dropped (db/change-feed.ts). A connection that announces its
-- changes itself (the app's on PostgreSQL) calls the functions they wrap, and these announce
-- nothing for it either. The trigger's setting is put back before they return.
CREATE FUNCTION announce_stock_of(p_product_id text, p_announcing boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_announcing THEN
    PERFORM set_config('otaku.announce_changes', 'on', true);
    PERFORM pg_notify('catalog_stock_changed', p_product_id);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION quiet_for_stock_change() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('otaku.announce_changes', true), 'on') = 'off' THEN
    RETURN false;
  END IF;
  PERFORM set_config('otaku.announce_changes', 'off', true);
  RETURN true;
END $$;
--> statement-breakpoint
CREATE FUNCTION cart_reserve_announced(
  p_cart_id text, p_user_id uuid, p_product_id text, p_variant text, p_quantity int,
  p_line_max int
)
RETURNS TABLE (stock int, reserved_quantity int, touched_at timestamptz, lines json)
LANGUAGE plpgsql AS $$
DECLARE
  announcing boolean := quiet_for_stock_change();
BEGIN
  RETURN QUERY SELECT * FROM cart_reserve(
    p_cart_id, p_user_id, p_product_id, p_variant, p_quantity, p_line_max);
  PERFORM announce_stock_of(p_product_id, announcing);
END $$;
--> statement-breakpoint
CREATE FUNCTION cart_change_line_announced(
  p_cart_id text, p_product_id text, p_variant text, p_set int, p_less int
)
RETURNS TABLE (
  held_before int, wanted int, stock int, done boolean, touched_at timestamptz, lines json
)
LANGUAGE plpgsql AS $$
DECLARE
  announcing boolean := quiet_for_stock_change();
BEGIN
  RETURN QUERY SELECT * FROM cart_change_line(p_cart_id, p_product_id, p_variant, p_set, p_less);
  PERFORM announce_stock_of(p_product_id, announcing);
END $$;
