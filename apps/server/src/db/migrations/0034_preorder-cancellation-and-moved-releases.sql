-- Cancelling a pre-order line (decision 169) and moved release dates (decision 170). A line
-- cancelled by its shopper keeps its row, marked with when; it no longer counts in its order's
-- totals, in the units a customer has of a limited product, nor among the lines waiting for a
-- release. A card refund owed for it waits in `order_refunds` until the provider took it.
ALTER TABLE "order_lines" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
-- The release date a pre-ordered line had before staff last moved its product's; the history
-- and the mail say "moved from".
ALTER TABLE "order_lines" ADD COLUMN "release_moved_from" date;
--> statement-breakpoint
DROP INDEX "order_lines_release_idx";
--> statement-breakpoint
CREATE INDEX "order_lines_release_idx" ON "order_lines" USING btree ("product_id") WHERE "order_lines"."release_date" is not null and "order_lines"."cancelled_at" is null;
--> statement-breakpoint
-- A kind owed again (another line cancelled, a date moved again) raises the version; a mail is
-- marked sent only while its version is the one its sender read.
ALTER TABLE "order_mails" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_mails" DROP CONSTRAINT "order_mails_kind_check";
--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_kind_check" CHECK ("order_mails"."kind" in ('confirmation', 'shipped', 'cancellation', 'release-moved'));
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"line_id" uuid,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'owed' NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_cents" > 0),
	CONSTRAINT "order_refunds_status_check" CHECK ("order_refunds"."status" in ('owed', 'refunded', 'failed')),
	CONSTRAINT "order_refunds_provider_check" CHECK ("order_refunds"."provider" in ('test', 'stripe'))
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_line_key" ON "order_refunds" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_due_idx" ON "order_refunds" USING btree ("not_before") WHERE "order_refunds"."status" = 'owed';
