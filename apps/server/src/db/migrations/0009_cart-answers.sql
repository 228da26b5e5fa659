-- A cart change and the cart it leaves, in one round trip (decision 096). Each function makes
-- the change in one statement, exactly as the app sent it before, and then reads the cart in
-- a second statement of its own: in READ COMMITTED that read takes a fresh snapshot, so it
-- sees what other requests on the same cart committed while this one waited for the cart's
-- row lock, which a read inside the changing statement (one snapshot, taken before the lock)
-- would miss. The app's connections tell their own catalog writes by the statements' text:
-- db/change-feed.ts lists these functions as writers of product_variants.

-- The cart's lines with today's product data, in the order they were first added, and when
-- it was last used; no row when the cart does not exist yet.
CREATE FUNCTION cart_state(p_cart_id text)
RETURNS TABLE (touched_at timestamptz, lines json)
LANGUAGE sql STABLE AS $$
  SELECT c.touched_at, coalesce((
    SELECT json_agg(json_build_object('productId', ci.product_id, 'variant', ci.variant,
      'quantity', ci.quantity, 'name', p.name, 'image', p.image, 'priceCents', p.price_cents,
      'category', p.category) ORDER BY ci.reserved_at, ci.product_id, ci.variant)
    FROM cart_items ci JOIN products p ON p.id = ci.product_id
    WHERE ci.cart_id = c.id), '[]'::json)
  FROM carts c WHERE c.id = p_cart_id
$$;
--> statement-breakpoint
-- Reserves units: marks the cart active (its row lock first, as in every cart change), takes
-- the units with a conditional update that can never drive stock below 0, and adds them to the
-- line. One row: the stock left and the line's quantity with the cart, or all nulls when fewer
-- units were available than asked for (then nothing was taken; the cart is still marked
-- active, the shopper is using it).
CREATE FUNCTION cart_reserve(
  p_cart_id text, p_user_id uuid, p_product_id text, p_variant text, p_quantity int
)
RETURNS TABLE (stock int, reserved_quantity int, touched_at timestamptz, lines json)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  left_over int;
  held int;
BEGIN
  WITH cart AS (
    INSERT INTO carts (id, user_id) VALUES (p_cart_id, p_user_id)
    ON CONFLICT (id) DO UPDATE SET touched_at = now()
    RETURNING id
  ), taken AS (
    UPDATE product_variants SET stock = stock - p_quantity
    WHERE product_id = p_product_id AND variant = p_variant AND stock >= p_quantity
      AND EXISTS (SELECT FROM cart)
    RETURNING stock
  ), added AS (
    INSERT INTO cart_items (cart_id, user_id, product_id, variant, quantity)
    SELECT p_cart_id, p_user_id, p_product_id, p_variant, p_quantity FROM taken
    ON CONFLICT (cart_id, product_id, variant)
      DO UPDATE SET quantity = cart_items.quantity + excluded.quantity
    RETURNING quantity
  )
  SELECT (SELECT stock FROM taken), (SELECT quantity FROM added) INTO left_over, held;
  IF left_over IS NULL OR held IS NULL THEN
    RETURN QUERY SELECT NULL::int, NULL::int, NULL::timestamptz, NULL::json;
  ELSE
    RETURN QUERY SELECT left_over, held, s.touched_at, s.lines FROM cart_state(p_cart_id) s;
  END IF;
END $$;
--> statement-breakpoint
-- Changes a line to `p_set` units, or down by `p_less` (never below 0; 0 deletes it), in the
-- lock order of every cart change: the cart row (marked active), then the line, then the
-- variant. The difference is taken from or given back to stock with one conditional update;
-- the line changes only when the stock did. No row when the cart has no such line; otherwise
-- the line's quantity before and wanted, the stock left, whether it was done, and the cart
-- when it was.
CREATE FUNCTION cart_change_line(
  p_cart_id text, p_product_id text, p_variant text, p_set int, p_less int
)
RETURNS TABLE (
  held_before int, wanted int, stock int, done boolean, touched_at timestamptz, lines json
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  change record;
BEGIN
  WITH cart AS (
    UPDATE carts SET touched_at = now() WHERE id = p_cart_id RETURNING id
  ), line AS (
    SELECT quantity AS held FROM cart_items
    WHERE cart_id = p_cart_id AND product_id = p_product_id AND variant = p_variant
      AND EXISTS (SELECT FROM cart)
    FOR UPDATE
  ), want AS (
    SELECT l.held, greatest(0, coalesce(p_set, l.held - p_less))::int AS wanted FROM line l
  ), moved AS (
    UPDATE product_variants pv SET stock = pv.stock - (w.wanted - w.held)
    FROM want w
    WHERE pv.product_id = p_product_id AND pv.variant = p_variant
      AND w.wanted <> w.held AND pv.stock >= w.wanted - w.held
    RETURNING pv.stock
  ), kept AS (
    UPDATE cart_items ci SET quantity = w.wanted FROM want w
    WHERE ci.cart_id = p_cart_id AND ci.product_id = p_product_id AND ci.variant = p_variant
      AND w.wanted > 0 AND EXISTS (SELECT FROM moved)
    RETURNING 1
  ), dropped AS (
    DELETE FROM cart_items ci USING want w
    WHERE ci.cart_id = p_cart_id AND ci.product_id = p_product_id AND ci.variant = p_variant
      AND w.wanted = 0 AND EXISTS (SELECT FROM moved)
    RETURNING 1
  )
  SELECT w.held, w.wanted,
    coalesce((SELECT m.stock FROM moved m), (SELECT pv.stock FROM product_variants pv
      WHERE pv.product_id = p_product_id AND pv.variant = p_variant)) AS left_over,
    (w.wanted = w.held OR EXISTS (SELECT FROM moved)) AS done,
    (SELECT count(*) FROM kept) + (SELECT count(*) FROM dropped) AS changed
  INTO change FROM want w;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF change.done THEN
    RETURN QUERY SELECT change.held, change.wanted, change.left_over, true, s.touched_at, s.lines
      FROM cart_state(p_cart_id) s;
  ELSE
    RETURN QUERY SELECT change.held, change.wanted, change.left_over, false,
      NULL::timestamptz, NULL::json;
  END IF;
END $$;
