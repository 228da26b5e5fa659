-- The cart's changes: adding units (cart_reserve) and setting or lowering a line
-- (cart_change_line). Applied after the migrations on every start (decision 143; see
-- cart-state.sql). Every change follows the same rules, in this order:
--
-- 1. The cart's row lock first (marking the cart active takes it), as every cart change and
--    every order does, so changes to one cart run one after the other.
-- 2. A cart whose card checkout may be open (`carts.checkout_open`, read from the row just
--    locked) is left as it is: the function raises SQLSTATE OS409, the app closes the checkout
--    at the provider and here, and calls again (decision 137).
-- 3. The holds of the cart's lines older than `p_hold_max` minutes end (cart_release_lapsed).
-- 4. Fair stock (decision 133): a cart holds at most `p_item_max` units of one variant
--    (MAX_UNITS_PER_ITEM) and `p_cart_max` in all (MAX_UNITS_PER_CART). They are counted after
--    the lock, in a statement of its own, which in READ COMMITTED sees every line another
--    request on the same cart committed while this one waited; a check in the locking
--    statement would read with the snapshot taken before the wait.
-- 5. A product's limit per customer (decision 140), when it has one: the customer's units of it
--    in the cart and in every order (customer_product_units). A product without one pays only
--    the primary-key read of its null limit, joined into the statement that takes the units.
--    Giving units back is never refused.
-- 6. A product's sale start (a limited drop, decision 166), when it has one: no units are taken
--    before it, by the database's clock (`now()`, the start of the statement's transaction), so
--    every app instance agrees. Read from the same row as the limit, at no further cost.
--    Giving units back is never refused, and units held before staff moved the start stay.
-- 7. A pre-order past its last pre-order day (`products.preorder_until`, decision 167) takes no
--    more units until it is released; read from the same products row as the limit, so a
--    product without the date pays nothing more. Giving units back is never refused.
-- 8. Units are taken with a conditional update that can never drive stock below 0.
--
-- Each answers one row: what the cart held before (so the app can tell which rule refused a
-- change), the stock, whether units were taken, and the cart as it is afterwards.

-- Units of a product the cart's customer has: the cart's lines of it and the lines of their
-- orders (an order's line counts unless its shopper cancelled it, decision 169; a deleted order
-- counts no more).
-- Called only for a product that has a limit, under the cart's row lock, which orders are also
-- placed under, so cart and orders are read as one.
-- PL/pgSQL, not SQL: a SQL function with subqueries is not inlined and is planned again at
-- every call before PostgreSQL 18 (about a millisecond), where PL/pgSQL plans its query once a
-- connection (decision 166's profile of a drop: each refusal pays it).
CREATE OR REPLACE FUNCTION customer_product_units(p_cart_id text, p_product_id text)
RETURNS int
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(sum(ci.quantity), 0) FROM cart_items ci
    WHERE ci.cart_id = p_cart_id AND ci.product_id = p_product_id
  )::int + (
    SELECT coalesce(sum(ol.quantity), 0) FROM carts c
    JOIN orders o ON o.user_id = c.user_id
    JOIN order_lines ol ON ol.order_id = o.id AND ol.product_id = p_product_id
      AND ol.cancelled_at IS NULL
    WHERE c.id = p_cart_id
  )::int;
END $$;

-- Reserves `p_quantity` more units of a variant for the cart, creating the cart and the line if
-- need be. One row: the stock left, the line's quantity and the cart when units were taken;
-- otherwise the variant's stock (null: no such variant) and nulls.
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
    FROM held h, products p
    WHERE pv.product_id = p_product_id AND pv.variant = p_variant AND pv.stock >= p_quantity
      AND h.item + p_quantity <= p_item_max AND h.cart + p_quantity <= p_cart_max
      AND p.id = p_product_id
      AND (p.sale_starts_at IS NULL OR p.sale_starts_at <= now())
      AND CASE WHEN p.limit_per_customer IS NULL THEN true
        ELSE customer_product_units(p_cart_id, p_product_id) + p_quantity
          <= p.limit_per_customer END
      AND (p.preorder_until IS NULL OR p.preorder_until >= shop_today()
        OR p.release_date <= shop_today())
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

-- Sets a line to `p_set` units or, when that is null, lowers it by `p_less` (never below 0); a
-- line set to 0 goes. Units given back return to stock; more units are taken as cart_reserve
-- takes them. No row when the cart or the line does not exist.
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
    FROM allowed w, products p
    WHERE pv.product_id = p_product_id AND pv.variant = p_variant
      AND w.wanted <> w.held AND w.within AND pv.stock >= w.wanted - w.held
      AND p.id = p_product_id
      AND (w.wanted <= w.held OR p.sale_starts_at IS NULL OR p.sale_starts_at <= now())
      AND CASE WHEN w.wanted <= w.held OR p.limit_per_customer IS NULL THEN true
        ELSE customer_product_units(p_cart_id, p_product_id) + w.wanted - w.held
          <= p.limit_per_customer END
      AND (w.wanted <= w.held OR p.preorder_until IS NULL OR p.preorder_until >= shop_today()
        OR p.release_date <= shop_today())
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
