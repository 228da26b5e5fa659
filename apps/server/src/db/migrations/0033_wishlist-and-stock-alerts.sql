-- The wishlist and back-in-stock alerts (decision 168). A shopper's saved products; and their
-- alerts on sold-out variants, which are also the queue of the e-mails that say a variant is
-- back: a row waits while `notified_at` is null, its mail is due once it is set, and sent once
-- `sent_at` is. The trigger on product_variants wakes the oldest waiting alerts of a variant
-- whose stock rose, one per unit that came back, in the transaction that gave the units back,
-- whoever did (staff, the reservation sweeper, a cart, a payment that fell through). Its function
-- is that of db/functions/stock-alerts.sql, defined here because the trigger needs it.
CREATE TABLE "wishlist_items" (
	"user_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wishlist_items_product_idx" ON "wishlist_items" USING btree ("product_id");
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"variant" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_attempts_check" CHECK ("stock_alerts"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_fk" FOREIGN KEY ("product_id","variant") REFERENCES "public"."product_variants"("product_id","variant") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id","variant","id") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_due_idx" ON "stock_alerts" USING btree ("not_before") WHERE "stock_alerts"."notified_at" is not null and "stock_alerts"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_one_waiting_idx" ON "stock_alerts" USING btree ("user_id","product_id","variant") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_user_idx" ON "stock_alerts" USING btree ("user_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_alerts_wake()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_alerts a SET notified_at = now(), not_before = now()
  WHERE a.id IN (
    SELECT w.id FROM stock_alerts w
    WHERE w.product_id = NEW.product_id AND w.variant = NEW.variant AND w.notified_at IS NULL
    ORDER BY w.id
    LIMIT NEW.stock - OLD.stock
    FOR UPDATE
  ) AND a.notified_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_alerts
AFTER UPDATE OF stock ON product_variants
FOR EACH ROW WHEN (NEW.stock > OLD.stock)
EXECUTE FUNCTION stock_alerts_wake();
