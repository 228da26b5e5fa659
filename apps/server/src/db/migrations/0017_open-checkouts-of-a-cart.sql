-- A cart's card checkouts still open for payment, found whenever the cart is ordered another way
-- (a cash order, or another card checkout), which closes them so the cart cannot sell twice.
CREATE INDEX "checkout_snapshots_open_cart_idx" ON "checkout_snapshots" USING btree ("cart_id") WHERE "checkout_snapshots"."status" = 'open';