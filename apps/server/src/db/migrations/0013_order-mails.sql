-- Order confirmations owed (decision 109): written with each new order, deleted once mailed.
-- Orders placed before this migration are owed none.
CREATE TABLE "order_mails" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_mails_due_idx" ON "order_mails" USING btree ("not_before");