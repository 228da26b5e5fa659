-- Search finds a short word at the start of a word (decision 187): a product's search text holds
-- its words in lower case, each after a space (as modules/catalog/search-text.ts builds it now),
-- and its name's words are kept the same way in search_name, so that a search ranks a word
-- found in the name without lower-casing the name of every product it matches. The words
-- themselves do not change, so search_words stays as it is.
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (' ' || btrim(regexp_replace(lower(name), '[^[:alnum:]]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
UPDATE "products" SET "search_text" = ' ' || btrim(regexp_replace("search_text", '[^[:alnum:]]+', ' ', 'g'));
