-- Access tokens issued before this time are refused (decision 123): a password change that ends
-- the account's other sessions sets it, so they stop at their next call, not when their access
-- token expires. Null for every account until then.
ALTER TABLE "users" ADD COLUMN "tokens_not_before" timestamp with time zone;