-- What checkout does first, in one round trip (decision 103): marks the cart active, creating it
-- if need be, and answers its lines with today's product data. The first statement takes the
-- cart's row lock, which serialises it with every other change to the cart; the second reads in
-- a statement of its own, so in READ COMMITTED it sees what a change that held the lock before
-- it committed (as in cart_reserve, migration 0009).
CREATE FUNCTION cart_hold(p_cart_id text, p_user_id uuid)
RETURNS TABLE (touched_at timestamptz, lines json)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO carts (id, user_id) VALUES (p_cart_id, p_user_id)
  ON CONFLICT (id) DO UPDATE SET touched_at = now();
  RETURN QUERY SELECT s.touched_at, s.lines FROM cart_state(p_cart_id) s;
END $$;
