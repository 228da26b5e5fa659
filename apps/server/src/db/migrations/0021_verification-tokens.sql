-- A verified code answers with a single-use token that the last step of sign-up, of a reset or
-- of the recruiter page must carry (decision 131). Only its HMAC is kept, beside the code it
-- proves; null until the code is verified, and again when a new code replaces it.
ALTER TABLE "email_codes" ADD COLUMN "token_hash" text;
