-- Pre-orders (decision 167). A product is a pre-order while its release date (a calendar date
-- in the shop's time zone, shop_today() in db/functions/calendar.sql) lies ahead; its variants'
-- stock is then the pre-order allocation, reserved and sold as stock is. On the release date it
-- is ordinary stock: the release upkeep clears both dates, and every read treats a date that
-- has come as released even before it runs. `preorder_until`, when set, is the last day a
-- pre-order may be added to a cart.
ALTER TABLE "products" ADD COLUMN "release_date" date;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preorder_until" date;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_preorder_until_check" CHECK ("products"."preorder_until" is null or "products"."preorder_until" < "products"."release_date");
--> statement-breakpoint
-- The few pre-orders, by date: /releases, the shop's "Pre-orders" filter and the release upkeep.
CREATE INDEX "products_release_idx" ON "products" USING btree ("release_date","id") WHERE "products"."release_date" is not null;
--> statement-breakpoint
-- The release date of a line's product when it was ordered as a pre-order; null for a line
-- ordered from stock. Kept when the product is released: the history still says so.
ALTER TABLE "order_lines" ADD COLUMN "release_date" date;
--> statement-breakpoint
-- The pre-ordered lines of a product: orders waiting for a release, units pre-ordered.
CREATE INDEX "order_lines_release_idx" ON "order_lines" USING btree ("product_id") WHERE "order_lines"."release_date" is not null;
