-- Fair stock (decision 133): a line's hold ends `p_hold_max` minutes (RESERVATION_MAX_MINUTES)
-- after its first unit was held, however often the cart is touched. Applied after the
-- migrations on every start (decision 143; see cart-state.sql).

-- Ends the holds of the cart's lines that began `p_hold_max` minutes ago or more: deletes the
-- lines and puts their units back on sale. The caller holds the cart's row lock. The variants
-- are locked in a fixed order first, as the sweeper does (cart.repo.ts returnStock), so two
-- transactions returning units of the same variants cannot deadlock. The cart call that ends
-- them names only its own product to the change feed (db/change-feed.ts), so the products whose
-- units come back are announced here, on every connection.
CREATE OR REPLACE FUNCTION cart_release_lapsed(p_cart_id text, p_hold_max int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamptz := now() - make_interval(mins => p_hold_max);
  products text[];
BEGIN
  PERFORM 1 FROM product_variants pv
    JOIN cart_items ci ON ci.product_id = pv.product_id AND ci.variant = pv.variant
    WHERE ci.cart_id = p_cart_id AND ci.reserved_at <= cutoff
    ORDER BY pv.product_id, pv.variant
    FOR UPDATE OF pv;
  WITH gone AS (
    DELETE FROM cart_items ci WHERE ci.cart_id = p_cart_id AND ci.reserved_at <= cutoff
    RETURNING ci.product_id, ci.variant, ci.quantity
  ), back AS (
    UPDATE product_variants pv SET stock = pv.stock + g.quantity
    FROM gone g WHERE pv.product_id = g.product_id AND pv.variant = g.variant
    RETURNING pv.product_id
  )
  SELECT array_agg(DISTINCT b.product_id) INTO products FROM back b;
  PERFORM pg_notify('catalog_stock_changed', p) FROM unnest(products) p;
END $$;
