-- One table of e-mailed codes for two purposes (decision 108): sign-up codes as before, and the
-- codes that let an account holder choose a new password. Rows that exist are sign-up codes.
ALTER TABLE "signup_codes" RENAME TO "email_codes";--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "purpose" text DEFAULT 'signup' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_codes" ALTER COLUMN "purpose" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_codes" DROP CONSTRAINT "signup_codes_pkey";--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_email_purpose_pk" PRIMARY KEY("email","purpose");--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose_check" CHECK ("email_codes"."purpose" in ('signup', 'reset'));
