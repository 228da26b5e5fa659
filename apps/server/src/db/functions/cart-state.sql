-- The current definitions of the cart's SQL functions (decision 143). db/migrate.ts applies every
-- file of this folder after the migrations, on every start, in one transaction: edit a function
-- here and the next start has it. A migration is needed only to change a function's signature
-- (DROP FUNCTION first, as migrations 0015 and 0022 did) or to drop one.
--
-- What the cart answers (decision 096): every cart function makes its change and then reads the
-- cart in a statement of its own. In READ COMMITTED that read takes a fresh snapshot, so it sees
-- what other requests on the same cart committed while this one waited for the cart's row lock,
-- which a read inside the changing statement (one snapshot, taken before the lock) would miss.
-- db/change-feed.ts tells the app's own catalog writes by these functions' names.

-- The cart's lines with today's product data (a pre-order's release date while it lies ahead,
-- decision 167), in the order their holds began (`reservedAt`, from
-- which the cart's answer works out when its first hold ends), and when the cart was last used;
-- no row when the cart does not exist yet.
-- Each line's product is read by its key (the LATERAL subquery with LIMIT 1 is never merged into
-- a join): a cart holds a few lines, but statistics taken while carts churn (a shop's busy
-- hour, the bench's load) can make the planner expect a hundred a cart and join them with the
-- whole catalog, scanned through, in a hash or merge join: 2–6 ms instead of 0.02 under a drop
-- (decision 179).
CREATE OR REPLACE FUNCTION cart_state(p_cart_id text)
RETURNS TABLE (touched_at timestamptz, lines json)
LANGUAGE sql STABLE AS $$
  SELECT c.touched_at, coalesce((
    SELECT json_agg(json_build_object('productId', ci.product_id, 'variant', ci.variant,
      'quantity', ci.quantity, 'name', p.name, 'image', p.image, 'priceCents', p.price_cents,
      'category', p.category, 'reservedAt', ci.reserved_at,
      'releaseDate', CASE WHEN p.release_date > shop_today() THEN p.release_date END)
      ORDER BY ci.reserved_at, ci.product_id, ci.variant)
    FROM cart_items ci
    CROSS JOIN LATERAL (
      SELECT p.name, p.image, p.price_cents, p.category, p.release_date
      FROM products p WHERE p.id = ci.product_id LIMIT 1
    ) p
    WHERE ci.cart_id = c.id), '[]'::json)
  FROM carts c WHERE c.id = p_cart_id
$$;

-- What checkout does first, in one round trip (decision 103): marks the cart active, creating it
-- if need be, and answers its lines with today's product data. The first statement takes the
-- cart's row lock, which serialises it with every other change to the cart; the second reads in
-- a statement of its own, so it sees what a change that held the lock before it committed.
CREATE OR REPLACE FUNCTION cart_hold(p_cart_id text, p_user_id uuid)
RETURNS TABLE (touched_at timestamptz, lines json)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO carts (id, user_id) VALUES (p_cart_id, p_user_id)
  ON CONFLICT (id) DO UPDATE SET touched_at = now();
  RETURN QUERY SELECT s.touched_at, s.lines FROM cart_state(p_cart_id) s;
END $$;
