-- Fair stock (decision 133). A cart holds at most `p_item_max` units of one variant
-- (MAX_UNITS_PER_ITEM) and `p_cart_max` units in all (MAX_UNITS_PER_CART), and a line's hold
-- ends `p_hold_max` minutes (RESERVATION_MAX_MINUTES) after its first unit was held, however
-- often the cart is touched. The ceilings are counted after the cart's row lock is taken, in a
-- statement of its own: in READ COMMITTED that statement reads with a fresh snapshot, so it
-- sees every line another request on the same cart (another tab, another app instance)
-- committed while this one waited. A check in the locking statement itself would read with the
-- snapshot taken before the wait, and two adds racing each other could pass it together.

-- The sweeper finds the lines whose hold began longest ago by this.
CREATE INDEX "cart_items_reserved_idx" ON "cart_items" USING btree ("reserved_at");
--> statement-breakpoint
-- As in migration 0009, each line now also says when its hold began (`reservedAt`), from which
-- the cart's answer works out when its first hold ends.
CREATE OR REPLACE FUNCTION cart_state(p_cart_id text)
RETURNS TABLE (touched_at timestamptz, lines json)
LANGUAGE sql STABLE AS $$
  SELECT c.touched_at, coalesce((
    SELECT json_agg(json_build_object('productId', ci.product_id, 'variant', ci.variant,
      'quantity', ci.quantity, 'name', p.name, 'image', p.image, 'priceCents', p.price_cents,
      'category', p.category, 'reservedAt', ci.reserved_at)
      ORDER BY ci.reserved_at, ci.product_id, ci.variant)
    FROM cart_items ci JOIN products p ON p.id = ci.product_id
    WHERE ci.cart_id = c.id), '[]'::json)
  FROM carts c WHERE c.id = p_cart_id
$$;
--> statement-breakpoint
-- Ends the holds of the cart's lines that began `p_hold_max` minutes ago or more: deletes the
-- lines and puts their units back on sale. The caller holds the cart's row lock. The variants
-- are locked in a fixed order first, as the sweeper does (cart.repo.ts returnStock), so two
-- transactions returning units of the same variants cannot deadlock. The cart call that ends
-- them names only its own product to the change feed (migration 0019, db/change-feed.ts), so
-- the products whose units come back are announced here, on every connection.
CREATE FUNCTION cart_release_lapsed(p_cart_id text, p_hold_max int) RETURNS void
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
--> statement-breakpoint
DROP FUNCTION cart_reserve_announced(text, uuid, text, text, int, int);
--> statement-breakpoint
DROP FUNCTION cart_reserve(text, uuid, text, text, int, int);
--> statement-breakpoint
-- Reserves units (as in migrations 0009 and 0015): marks the cart active, which takes its row
-- lock first as every cart change does, and ends the holds of its lines past `p_hold_max`. Then,
-- in one statement, counts what the cart holds of the variant and in all and, only when the
-- add keeps both within their ceilings, takes the units with a conditional update that can
-- never drive stock below 0 and adds them to the line. One row: the stock left, the line's
-- quantity and the cart when units were taken; otherwise the variant's stock (null: no such
-- variant) and nulls. Always what the cart held of the variant and in all before this add, so
-- the caller can tell which rule refused it.
CREATE FUNCTION cart_reserve(
  p_cart_id text, p_user_id uuid, p_product_id text, p_variant text, p_quantity int,
  p_item_max int, p_cart_max int, p_hold_max int
)
RETURNS TABLE (
  stock int, reserved_quantity int, touched_at timestamptz, lines json, item_held int,
  cart_held int
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  lapsed boolean;
  change record;
BEGIN
  INSERT INTO carts (id, user_id) VALUES (p_cart_id, p_user_id)
  ON CONFLICT (id) DO UPDATE SET touched_at = now()
  RETURNING EXISTS (
    SELECT FROM cart_items ci WHERE ci.cart_id = p_cart_id
      AND ci.reserved_at <= now() - make_interval(mins => p_hold_max)
  ) INTO lapsed;
  IF lapsed THEN
    PERFORM cart_release_lapsed(p_cart_id, p_hold_max);
  END IF;
  WITH held AS (
    SELECT
      coalesce(sum(ci.quantity) FILTER (
        WHERE ci.product_id = p_product_id AND ci.variant = p_variant), 0)::int AS item,
      coalesce(sum(ci.quantity), 0)::int AS cart
    FROM cart_items ci WHERE ci.cart_id = p_cart_id
  ), taken AS (
    UPDATE product_variants pv SET stock = pv.stock - p_quantity
    FROM held h
    WHERE pv.product_id = p_product_id AND pv.variant = p_variant AND pv.stock >= p_quantity
      AND h.item + p_quantity <= p_item_max AND h.cart + p_quantity <= p_cart_max
    RETURNING pv.stock
  ), added AS (
    INSERT INTO cart_items (cart_id, user_id, product_id, variant, quantity)
    SELECT p_cart_id, p_user_id, p_product_id, p_variant, p_quantity FROM taken
    ON CONFLICT (cart_id, product_id, variant)
      DO UPDATE SET quantity = cart_items.quantity + excluded.quantity
    RETURNING quantity
  )
  SELECT (SELECT t.stock FROM taken t) AS left_over, (SELECT a.quantity FROM added a) AS line,
    h.item, h.cart
  INTO change FROM held h;
  IF change.left_over IS NULL OR change.line IS NULL THEN
    RETURN QUERY SELECT (SELECT pv.stock FROM product_variants pv
        WHERE pv.product_id = p_product_id AND pv.variant = p_variant),
      NULL::int, NULL::timestamptz, NULL::json, change.item, change.cart;
  ELSE
    RETURN QUERY SELECT change.left_over, change.line, s.touched_at, s.lines, change.item,
      change.cart
      FROM cart_state(p_cart_id) s;
  END IF;
END $$;
--> statement-breakpoint
DROP FUNCTION cart_change_line_announced(text, text, text, int, int);
--> statement-breakpoint
DROP FUNCTION cart_change_line(text, text, text, int, int);
--> statement-breakpoint
-- Changes a line to `p_set` units, or down by `p_less` (as in migration 0009): marks the cart
-- active (its row lock first) and ends the holds of its lines past `p_hold_max`; then, in one
-- statement, the line (`for update`), then the variant. A change that adds units is made only
-- when the line stays within `p_item_max` and the cart within `p_cart_max`; giving units back
-- is always allowed, also from a cart above a ceiling that was lowered. No row when the cart
-- has no such line; otherwise as before, plus the units the cart held in all before.
CREATE FUNCTION cart_change_line(
  p_cart_id text, p_product_id text, p_variant text, p_set int, p_less int,
  p_item_max int, p_cart_max int, p_hold_max int
)
RETURNS TABLE (
  held_before int, wanted int, stock int, done boolean, touched_at timestamptz, lines json,
  cart_held int
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  lapsed boolean;
  change record;
BEGIN
  UPDATE carts c SET touched_at = now() WHERE c.id = p_cart_id
  RETURNING EXISTS (
    SELECT FROM cart_items ci WHERE ci.cart_id = p_cart_id
      AND ci.reserved_at <= now() - make_interval(mins => p_hold_max)
  ) INTO lapsed;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF lapsed THEN
    PERFORM cart_release_lapsed(p_cart_id, p_hold_max);
  END IF;
  WITH line AS (
    SELECT ci.quantity AS held FROM cart_items ci
    WHERE ci.cart_id = p_cart_id AND ci.product_id = p_product_id AND ci.variant = p_variant
    FOR UPDATE
  ), want AS (
    SELECT l.held, greatest(0, coalesce(p_set, l.held - p_less))::int AS wanted,
      (SELECT coalesce(sum(ci.quantity), 0)::int FROM cart_items ci
        WHERE ci.cart_id = p_cart_id) AS cart_held
    FROM line l
  ), allowed AS (
    SELECT w.held, w.wanted, w.cart_held,
      (w.wanted <= w.held
        OR (w.wanted <= p_item_max AND w.cart_held - w.held + w.wanted <= p_cart_max)) AS within
    FROM want w
  ), moved AS (
    UPDATE product_variants pv SET stock = pv.stock - (w.wanted - w.held)
    FROM allowed w
    WHERE pv.product_id = p_product_id AND pv.variant = p_variant
      AND w.wanted <> w.held AND w.within AND pv.stock >= w.wanted - w.held
    RETURNING pv.stock
  ), kept AS (
    UPDATE cart_items ci SET quantity = w.wanted FROM allowed w
    WHERE ci.cart_id = p_cart_id AND ci.product_id = p_product_id AND ci.variant = p_variant
      AND w.wanted > 0 AND EXISTS (SELECT FROM moved)
    RETURNING 1
  ), dropped AS (
    DELETE FROM cart_items ci USING allowed w
    WHERE ci.cart_id = p_cart_id AND ci.product_id = p_product_id AND ci.variant = p_variant
      AND w.wanted = 0 AND EXISTS (SELECT FROM moved)
    RETURNING 1
  )
  SELECT w.held, w.wanted,
    coalesce((SELECT m.stock FROM moved m), (SELECT pv.stock FROM product_variants pv
      WHERE pv.product_id = p_product_id AND pv.variant = p_variant)) AS left_over,
    (w.wanted = w.held OR EXISTS (SELECT FROM moved)) AS done,
    w.cart_held,
    (SELECT count(*) FROM kept) + (SELECT count(*) FROM dropped) AS changed
  INTO change FROM allowed w;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF change.done THEN
    RETURN QUERY SELECT change.held, change.wanted, change.left_over, true, s.touched_at, s.lines,
      change.cart_held
      FROM cart_state(p_cart_id) s;
  ELSE
    RETURN QUERY SELECT change.held, change.wanted, change.left_over, false,
      NULL::timestamptz, NULL::json, change.cart_held;
  END IF;
END $$;
--> statement-breakpoint
-- The wrappers of migration 0019, for the new signatures.
CREATE FUNCTION cart_reserve_announced(
  p_cart_id text, p_user_id uuid, p_product_id text, p_variant text, p_quantity int,
  p_item_max int, p_cart_max int, p_hold_max int
)
RETURNS TABLE (
  stock int, reserved_quantity int, touched_at timestamptz, lines json, item_held int,
  cart_held int
)
LANGUAGE plpgsql AS $$
DECLARE
  announcing boolean := quiet_for_stock_change();
BEGIN
  RETURN QUERY SELECT * FROM cart_reserve(
    p_cart_id, p_user_id, p_product_id, p_variant, p_quantity, p_item_max, p_cart_max,
    p_hold_max);
  PERFORM announce_stock_of(p_product_id, announcing);
END $$;
--> statement-breakpoint
CREATE FUNCTION cart_change_line_announced(
  p_cart_id text, p_product_id text, p_variant text, p_set int, p_less int,
  p_item_max int, p_cart_max int, p_hold_max int
)
RETURNS TABLE (
  held_before int, wanted int, stock int, done boolean, touched_at timestamptz, lines json,
  cart_held int
)
LANGUAGE plpgsql AS $$
DECLARE
  announcing boolean := quiet_for_stock_change();
BEGIN
  RETURN QUERY SELECT * FROM cart_change_line(
    p_cart_id, p_product_id, p_variant, p_set, p_less, p_item_max, p_cart_max, p_hold_max);
  PERFORM announce_stock_of(p_product_id, announcing);
END $$;
