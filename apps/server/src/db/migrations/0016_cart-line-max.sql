-- MAX_LINE_QUANTITY (99, decision 050) kept by the database: two adds of one shopper racing
-- each other (two tabs) each read the line before the other's commit, so each passed
-- cart_reserve's own check and together took the line past the limit. With the constraint the
-- later add fails whole (its units stay on sale) and the app answers it as an add past the limit.
-- Lines already past the limit (possible before migration 0015) are cut to it first, and the
-- units cut are put back on sale.
WITH over AS (
  SELECT cart_id, product_id, variant, quantity - 99 AS excess
  FROM cart_items WHERE quantity > 99
  FOR UPDATE
), cut AS (
  UPDATE cart_items c SET quantity = 99
  FROM over o
  WHERE c.cart_id = o.cart_id AND c.product_id = o.product_id AND c.variant = o.variant
)
UPDATE product_variants v SET stock = v.stock + back.excess
FROM (SELECT product_id, variant, sum(excess)::int AS excess FROM over GROUP BY 1, 2) back
WHERE v.product_id = back.product_id AND v.variant = back.variant;
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_quantity_max" CHECK ("cart_items"."quantity" <= 99);
