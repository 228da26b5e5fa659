-- The e-mails each order gets (decision 109): its confirmation, written with the order, and
-- the note that it shipped, written when staff mark it shipped. Orders placed before this
-- migration are owed none.
CREATE TABLE "order_mails" (
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "order_mails_order_id_kind_pk" PRIMARY KEY("order_id","kind"),
	CONSTRAINT "order_mails_kind_check" CHECK ("order_mails"."kind" in ('confirmation', 'shipped'))
);
--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_mails_due_idx" ON "order_mails" USING btree ("not_before") WHERE "order_mails"."sent_at" is null;