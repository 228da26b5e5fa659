-- Deleting an account keeps what it did (decision 112): a card checkout it was paying for still
-- becomes an order (the snapshot keeps the customer's name and address), and its coupon uses
-- still count in the coupons' stats. Both lose only their link to the account.
ALTER TABLE "coupon_uses" DROP CONSTRAINT "coupon_uses_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_snapshots" DROP CONSTRAINT "checkout_snapshots_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "coupon_uses" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_snapshots" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_snapshots" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "checkout_snapshots" ADD COLUMN "customer_email" text;--> statement-breakpoint
UPDATE "checkout_snapshots" AS s SET "customer_name" = u."username", "customer_email" = u."email"
  FROM "users" AS u WHERE u."id" = s."user_id";--> statement-breakpoint
ALTER TABLE "checkout_snapshots" ALTER COLUMN "customer_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_snapshots" ALTER COLUMN "customer_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_snapshots" ADD CONSTRAINT "checkout_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
