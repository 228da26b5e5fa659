-- A unit that could not be taken at payment is recorded on its order (decision 138): a card
-- order made when its reservation had lapsed and the stock had run out meanwhile. Each line
-- says how many of its units were missing, written with the line when the order is made; staff
-- list and filter such orders. Existing lines were all taken in full as far as the shop knows.
ALTER TABLE "order_lines" ADD COLUMN "short_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_short_quantity_check" CHECK ("order_lines"."short_quantity" >= 0 and "order_lines"."short_quantity" <= "order_lines"."quantity");--> statement-breakpoint
-- The few orders that are short, found without reading every line.
CREATE INDEX "order_lines_short_idx" ON "order_lines" USING btree ("order_id") WHERE "order_lines"."short_quantity" > 0;
