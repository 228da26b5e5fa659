-- The units of an open card checkout stay held, and a change to its cart closes it first
-- (decision 137). `carts.checkout_open` says a card checkout of the cart may be open: set with
-- the snapshot, under the cart's lock, and cleared only under that lock by one who found none
-- open. The cart functions read it from the row they lock anyway and, when it is set, change
-- nothing and raise SQLSTATE OS409: the app closes the checkout at the provider and here, and
-- calls again. A cart without one pays nothing more than a column read with its row.
ALTER TABLE "carts" ADD COLUMN "checkout_open" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "carts" c SET "checkout_open" = true
WHERE EXISTS (
  SELECT FROM "checkout_snapshots" s WHERE s.cart_id = c.id AND s.status = 'open'
);
--> statement-breakpoint
-- As in migration 0022, refusing a cart whose card checkout may be open.
CREATE OR REPLACE FUNCTION cart_reserve(
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
  paying boolean;
  change record;
BEGIN
  INSERT INTO carts AS c (id, user_id) VALUES (p_cart_id, p_user_id)
  ON CONFLICT (id) DO UPDATE SET touched_at = now()
  RETURNING EXISTS (
    SELECT FROM cart_items ci WHERE ci.cart_id = p_cart_id
      AND ci.reserved_at <= now() - make_interval(mins => p_hold_max)
  ), c.checkout_open INTO lapsed, paying;
  IF paying THEN
    RAISE EXCEPTION 'cart % has a card checkout open', p_cart_id USING ERRCODE = 'OS409';
  END IF;
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
-- As in migration 0022, refusing a cart whose card checkout may be open. Giving units back
-- (a decrement, a removal) is a change too: the session priced them.
CREATE OR REPLACE FUNCTION cart_change_line(
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
  paying boolean;
  change record;
BEGIN
  UPDATE carts c SET touched_at = now() WHERE c.id = p_cart_id
  RETURNING EXISTS (
    SELECT FROM cart_items ci WHERE ci.cart_id = p_cart_id
      AND ci.reserved_at <= now() - make_interval(mins => p_hold_max)
  ), c.checkout_open INTO lapsed, paying;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF paying THEN
    RAISE EXCEPTION 'cart % has a card checkout open', p_cart_id USING ERRCODE = 'OS409';
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
