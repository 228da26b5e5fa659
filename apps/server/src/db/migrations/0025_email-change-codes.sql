-- An own e-mail change needs a code mailed to the new address (decision 136). Such a code
-- belongs to the account that asked for it as well as to the address, so the key of a code
-- gains the account: '' for sign-up and reset codes, which belong to an address alone.
ALTER TABLE "email_codes" ADD COLUMN "account_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_email_purpose_pk";--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_email_purpose_account_id_pk" PRIMARY KEY("email","purpose","account_id");--> statement-breakpoint
ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose_check" CHECK ("email_codes"."purpose" in ('signup', 'reset', 'email-change'));--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_account_check" CHECK (("email_codes"."purpose" = 'email-change') = ("email_codes"."account_id" <> ''));
