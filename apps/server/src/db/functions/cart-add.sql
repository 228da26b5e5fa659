-- A shopper's add to cart in one call (decision 166's addendum): the reservation rate limits'
-- count, the reservation, and what words a refusal. Applied after the migrations on every start
-- (decision 143; the rules every cart change keeps are in cart-changes.sql).

-- What keeps the cart's customer from more units of a product, read to word a refusal: its sale
-- start while still ahead (ms since the epoch), a pre-order's passed last pre-order day, and its
-- limit per customer with the customer's units of it in the cart and in all
-- (customer_product_units). No row when the product does not exist. The cart functions keep
-- these rules themselves; this only says which one refused. PL/pgSQL, so that its statement is
-- planned once a connection (as rate_limit_count).
CREATE OR REPLACE FUNCTION cart_refusal_terms(p_cart_id text, p_product_id text)
RETURNS TABLE (
  opens_at_ms float8, closed_on text, limit_per_customer int, units int, in_cart int
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY SELECT
    CASE WHEN p.sale_starts_at > now()
      THEN (extract(epoch FROM p.sale_starts_at) * 1000)::float8 END,
    CASE WHEN p.preorder_until < shop_today() AND p.release_date > shop_today()
      THEN to_char(p.preorder_until, 'YYYY-MM-DD') END,
    p.limit_per_customer,
    CASE WHEN p.limit_per_customer IS NOT NULL
      THEN customer_product_units(p_cart_id, p.id) END,
    CASE WHEN p.limit_per_customer IS NOT NULL
      THEN (SELECT coalesce(sum(ci.quantity), 0)::int FROM cart_items ci
        WHERE ci.cart_id = p_cart_id AND ci.product_id = p.id) END
  FROM products p WHERE p.id = p_product_id;
END $$;

-- Adds `p_quantity` units for the cart as cart_reserve does, counted first against the
-- reservation rate limits (DESIGN.md §8; `p_rate_*` as rate_limit_count takes them; empty
-- arrays count nothing). The count commits on its own, before the reservation waits for
-- anything: a counter many shoppers share (one address) is held only for its update, as when
-- the count was a statement of its own. When a counter is past its limit (`retry_after`: the
-- longest wait) nothing else happens. Otherwise the units are reserved, and when none were taken
-- the refusal's terms are read after the reservation, in its transaction. One round trip for
-- all three. `p_commit`: the call is not in a transaction of the caller's (where the count is
-- the caller's transaction's, as any statement in it is). `p_async`: neither commit waits for
-- the disk (decision 101: PostgreSQL's database itself only).
CREATE OR REPLACE PROCEDURE cart_add(
  p_rate_keys text[], p_rate_windows int[], p_rate_limits int[], p_commit boolean,
  p_async boolean,
  p_cart_id text, p_user_id uuid, p_product_id text, p_variant text, p_quantity int,
  p_item_max int, p_cart_max int, p_hold_max int,
  INOUT retry_after int DEFAULT NULL,
  INOUT stock int DEFAULT NULL, INOUT reserved_quantity int DEFAULT NULL,
  INOUT touched_at timestamptz DEFAULT NULL, INOUT lines json DEFAULT NULL,
  INOUT item_held int DEFAULT NULL, INOUT cart_held int DEFAULT NULL,
  INOUT opens_at_ms float8 DEFAULT NULL, INOUT closed_on text DEFAULT NULL,
  INOUT limit_per_customer int DEFAULT NULL, INOUT units int DEFAULT NULL,
  INOUT in_cart int DEFAULT NULL
)
LANGUAGE plpgsql AS $$
BEGIN
  IF p_async THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  SELECT max(h.retry_after) FILTER (WHERE h.refused) INTO retry_after
    FROM rate_limit_count(p_rate_keys, p_rate_windows, p_rate_limits) h;
  IF p_commit THEN
    COMMIT;
  END IF;
  IF retry_after IS NOT NULL THEN
    RETURN;
  END IF;
  IF p_async THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  SELECT r.stock, r.reserved_quantity, r.touched_at, r.lines, r.item_held, r.cart_held
    INTO stock, reserved_quantity, touched_at, lines, item_held, cart_held
    FROM cart_reserve(p_cart_id, p_user_id, p_product_id, p_variant, p_quantity, p_item_max,
      p_cart_max, p_hold_max) r;
  IF reserved_quantity IS NULL AND stock IS NOT NULL THEN
    SELECT t.opens_at_ms, t.closed_on, t.limit_per_customer, t.units, t.in_cart
      INTO opens_at_ms, closed_on, limit_per_customer, units, in_cart
      FROM cart_refusal_terms(p_cart_id, p_product_id) t;
  END IF;
END $$;

-- Several shoppers' adds of one variant in one round trip (decision 166, fifth addendum), each
-- as cart_add makes it, in the order given: `p_adds` a JSON array of
-- {keys, windows, limits, cart_id, user_id, product_id, variant, quantity, item_max, cart_max,
-- hold_max}, answered by a JSON array of cart_add's answers by the same names, in the same
-- order. One statement, so one transaction: the counts commit with the units, and a failure
-- leaves nothing done, so the app can make the adds again one by one. A cart with a card
-- checkout open answers `paying` (its count kept, nothing else changed), where cart_add raises
-- OS409, so one such cart does not undo the others' adds.
-- Locks: the carts that exist are locked first, in the order of their ids, as every other cart
-- change locks its cart before any variant; the transaction then holds the variant and every
-- counter it touched until it ends. So that it never waits long holding them (another
-- instance's turn of the same variant, a shopper's own change of a cart, a lock cycle across
-- turns), any wait for a lock past `lock_timeout` (100 ms) fails the statement (SQLSTATE
-- 55P03), which leaves nothing done and the app makes the adds one by one; the other side of
-- a would-be deadlock goes on well before PostgreSQL would look for one (deadlock_timeout).
CREATE OR REPLACE FUNCTION cart_add_many(p_adds json, p_async boolean)
RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  a json;
  answers json[] := '{}';
  v_retry int; v_stock int; v_reserved int; v_touched timestamptz; v_lines json;
  v_item int; v_cart int; v_opens float8; v_closed text; v_limit int; v_units int;
  v_in_cart int;
BEGIN
  IF p_async THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  PERFORM set_config('lock_timeout', '100ms', true);
  PERFORM 1 FROM carts c
    WHERE c.id IN (SELECT e->>'cart_id' FROM json_array_elements(p_adds) e)
    ORDER BY c.id FOR UPDATE;
  FOR a IN SELECT e.value FROM json_array_elements(p_adds) WITH ORDINALITY e ORDER BY e.ordinality
  LOOP
    v_stock := NULL; v_reserved := NULL; v_touched := NULL; v_lines := NULL; v_item := NULL;
    v_cart := NULL; v_opens := NULL; v_closed := NULL; v_limit := NULL; v_units := NULL;
    v_in_cart := NULL;
    SELECT max(h.retry_after) FILTER (WHERE h.refused) INTO v_retry
      FROM rate_limit_count(
        ARRAY(SELECT k.value FROM json_array_elements_text(a->'keys') WITH ORDINALITY k
          ORDER BY k.ordinality),
        ARRAY(SELECT k.value::int FROM json_array_elements_text(a->'windows') WITH ORDINALITY k
          ORDER BY k.ordinality),
        ARRAY(SELECT k.value::int FROM json_array_elements_text(a->'limits') WITH ORDINALITY k
          ORDER BY k.ordinality)) h;
    IF v_retry IS NOT NULL THEN
      answers := answers || json_build_object('retry_after', v_retry);
      CONTINUE;
    END IF;
    BEGIN
      CALL cart_add('{}', '{}', '{}', false, p_async,
        a->>'cart_id', (a->>'user_id')::uuid, a->>'product_id', a->>'variant',
        (a->>'quantity')::int, (a->>'item_max')::int, (a->>'cart_max')::int,
        (a->>'hold_max')::int,
        v_retry, v_stock, v_reserved, v_touched, v_lines, v_item, v_cart, v_opens, v_closed,
        v_limit, v_units, v_in_cart);
      answers := answers || json_build_object(
        'stock', v_stock, 'reserved_quantity', v_reserved, 'touched_at', v_touched,
        'lines', v_lines, 'item_held', v_item, 'cart_held', v_cart, 'opens_at_ms', v_opens,
        'closed_on', v_closed, 'limit_per_customer', v_limit, 'units', v_units,
        'in_cart', v_in_cart);
    EXCEPTION WHEN SQLSTATE 'OS409' THEN
      answers := answers || json_build_object('paying', true);
    END;
  END LOOP;
  RETURN array_to_json(answers);
END $$;
