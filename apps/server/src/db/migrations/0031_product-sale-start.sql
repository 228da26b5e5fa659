-- A product may carry a sale start (limited drops, decision 166): before it, the cart functions
-- (db/functions/cart-changes.sql) take none of its units, comparing with the database's clock
-- in the statement that takes them. Null: on sale at once, as every product was before.
ALTER TABLE "products" ADD COLUMN "sale_starts_at" timestamp with time zone;
