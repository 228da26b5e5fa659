-- A cart line holds at most `p_line_max` units (MAX_LINE_QUANTITY, decision 050): adding to a
-- line takes nothing when the line would pass it, so no line grows past what the cart's other
-- calls accept. Otherwise as in migration 0009; the caller tells the reasons apart.
DROP FUNCTION cart_reserve(text, uuid, text, text, int);
--> statement-breakpoint
CREATE FUNCTION cart_reserve(
  p_cart_id text, p_user_id uuid, p_product_id text, p_variant text, p_quantity int,
  p_line_max int
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
      AND NOT EXISTS (
        SELECT FROM cart_items ci
        WHERE ci.cart_id = p_cart_id AND ci.product_id = p_product_id AND ci.variant = p_variant
          AND ci.quantity + p_quantity > p_line_max
      )
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
