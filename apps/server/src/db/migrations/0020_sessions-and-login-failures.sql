-- Wrong passwords per account and client address (decision 130): after a few in a row, that
-- address waits before it may try that account again, twice as long after each further one.
-- Replaces the account-wide counter, which let anyone lock any owner out.
CREATE TABLE "login_failures" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_failures_email_address_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
-- Sessions ended lately by a logout or a reused refresh token (decision 129): their access
-- tokens are refused from the next call. Kept on the user's row, which the auth plugin reads
-- anyway, so a logout is a change of users that every instance hears of.
ALTER TABLE "users" ADD COLUMN "ended_sessions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_last_idx" ON "login_failures" USING btree ("last_failed_at");
