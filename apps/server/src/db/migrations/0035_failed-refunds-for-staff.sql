-- Failed card refunds for staff (decision 173): the provider's refusal or the last try's error
-- is kept with the refund, who marked one as made by hand (and their name then), and how many
-- times staff tried it again; the dashboard lists the failed ones, oldest first, through a
-- partial index, and a try finds the other refunds of its payment by the session's index. An
-- order may owe the mail that such a refund was made after all.
ALTER TABLE "order_mails" DROP CONSTRAINT "order_mails_kind_check";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "refunded_by_hand_by" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "refunded_by_hand_name" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "staff_retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_refunded_by_hand_by_users_id_fk" FOREIGN KEY ("refunded_by_hand_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_session_idx" ON "order_refunds" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "order_refunds_failed_idx" ON "order_refunds" USING btree ("created_at") WHERE "order_refunds"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_kind_check" CHECK ("order_mails"."kind" in ('confirmation', 'shipped', 'cancellation', 'release-moved', 'refund-made'));
