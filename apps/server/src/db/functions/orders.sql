-- The current definitions of the order placement's SQL functions (decisions 086, 109, 138),
-- applied after the migrations on every start like the cart's (see cart-state.sql).

-- Writes an order, its lines in the order given (each with its id when given, the units it is
-- short, 0 when not given, and a pre-order's release date, decision 167) and its owed confirmation mail (decision 109: owed from the moment the order exists),
-- and answers the order's row. `p_order` holds the order's columns and `p_lines` its lines, both
-- with the app's camelCase names.
CREATE OR REPLACE FUNCTION order_insert(p_order jsonb, p_lines jsonb) RETURNS orders
LANGUAGE plpgsql AS $$
DECLARE
  o orders;
BEGIN
  INSERT INTO orders (order_number, user_id, customer_name, customer_email, payment_method,
    payment_status, status, shipping_address, subtotal_cents, shipping_cents, discount_cents,
    total_cents, coupon_code, discount_percent, checkout_session_id)
  SELECT r."orderNumber", r."userId", r."customerName", r."customerEmail", r."paymentMethod",
    r."paymentStatus", r."status", r."shippingAddress", r."subtotalCents", r."shippingCents",
    r."discountCents", r."totalCents", r."couponCode", r."discountPercent", r."checkoutSessionId"
  FROM jsonb_to_record(p_order) AS r("orderNumber" text, "userId" uuid, "customerName" text,
    "customerEmail" text, "paymentMethod" text, "paymentStatus" text, "status" text,
    "shippingAddress" text, "subtotalCents" int, "shippingCents" int, "discountCents" int,
    "totalCents" int, "couponCode" text, "discountPercent" int, "checkoutSessionId" text)
  RETURNING * INTO o;

  INSERT INTO order_lines (id, order_id, product_id, product_name, product_image, variant,
    quantity, price_cents, short_quantity, release_date)
  SELECT coalesce(x.id, gen_random_uuid()), o.id, x.product_id, x.product_name, x.product_image,
    x.variant, x.quantity, x.price_cents, coalesce(x.short_quantity, 0), x.release_date
  FROM ROWS FROM (jsonb_to_recordset(p_lines) AS (id uuid, "productId" text, "productName" text,
      "productImage" text, variant text, quantity int, "priceCents" int, "shortQuantity" int,
      "releaseDate" date))
    WITH ORDINALITY AS x(id, product_id, product_name, product_image, variant, quantity,
      price_cents, short_quantity, release_date, n)
  ORDER BY x.n;

  INSERT INTO order_mails (order_id, kind) VALUES (o.id, 'confirmation');
  RETURN o;
END $$;

-- Adds the units of an order's lines to their products' units sold (the popular sort). With
-- `p_empty_cart` (a cash order takes the whole cart) it first deletes that cart's lines: their
-- reserved units have become the order's, so they leave the cart without going back to stock.
-- Products are locked in id order before they change, so orders of the same products never
-- deadlock.
CREATE OR REPLACE FUNCTION order_add_units_sold(p_order_id uuid, p_empty_cart text)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_empty_cart IS NOT NULL THEN
    DELETE FROM cart_items WHERE cart_id = p_empty_cart;
  END IF;
  WITH sold AS (
    SELECT product_id, sum(quantity)::int AS units FROM order_lines
    WHERE order_id = p_order_id AND product_id IS NOT NULL
    GROUP BY product_id
  ), locked AS (
    SELECT p.id, s.units FROM products p JOIN sold s ON s.product_id = p.id
    ORDER BY p.id
    FOR NO KEY UPDATE OF p
  )
  UPDATE products p SET units_sold = p.units_sold + locked.units
  FROM locked WHERE p.id = locked.id;
END $$;
