-- When the account's address was last proven to be its owner's (decision 134): a sign-up or
-- password reset code, or Google saying it is verified. Google sign-in links only such an
-- account. Null for an address nobody proved (a recruiter's, one typed by staff). Existing
-- accounts count as proven only when Google linked them; the others prove theirs with a reset.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "google_subject" IS NOT NULL;
