-- The dashboard's user search reads one lower-cased column (name, a line break, e-mail) with
-- LIKE instead of two ILIKEs that lower-case every row on every search; its trigram index
-- replaces the two of 0005.
DROP INDEX "users_username_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(username) || chr(10) || email) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);