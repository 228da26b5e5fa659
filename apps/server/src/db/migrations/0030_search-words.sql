-- Product search's words (decision 164): every distinct word of the products' search text with
-- the number of products that use it, with a trigram index, and each word of four letters or
-- more with one letter left out, for spelling corrections by index lookups. Statement triggers
-- keep both in the transaction of any write to products, whoever makes it. The functions are
-- those of db/functions/search-words.sql, defined here because the triggers and the first
-- filling below need them.
CREATE TABLE search_words (
  word text PRIMARY KEY,
  products integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE search_word_deletions (
  deletion text NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (deletion, word)
);
--> statement-breakpoint
CREATE INDEX search_word_deletions_word_idx ON search_word_deletions (word);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_of(t text)
RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(t), '[^[:alnum:]]+') w WHERE w <> ''
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_word_deletions_of(w text)
RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(w, 1, i - 1) || substr(w, i + 1) FROM generate_series(1, length(w)) i
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_count(words text[], counts integer[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS s (word, products)
  SELECT w, c FROM unnest(words, counts) AS d(w, c) WHERE c <> 0 ORDER BY w
  ON CONFLICT (word) DO UPDATE SET products = s.products + excluded.products;
  DELETE FROM search_word_deletions
  WHERE word IN (SELECT word FROM search_words WHERE word = ANY (words) AND products <= 0);
  DELETE FROM search_words WHERE word = ANY (words) AND products <= 0;
  INSERT INTO search_word_deletions (deletion, word)
  SELECT k, w FROM unnest(words, counts) AS d(w, c), search_word_deletions_of(w) k
  WHERE c > 0 AND length(w) >= 4
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_track()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- Not TRUNCATE: the products' own TRUNCATE may be emptying these tables too.
    DELETE FROM search_word_deletions;
    DELETE FROM search_words;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_words_count(array_agg(w), array_agg(n)) FROM (
      SELECT w, count(*)::int AS n FROM new_rows r, search_words_of(r.search_text) w GROUP BY w
    ) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_words_count(array_agg(w), array_agg(n)) FROM (
      SELECT w, -count(*)::int AS n FROM old_rows r, search_words_of(r.search_text) w GROUP BY w
    ) d;
  ELSE
    PERFORM search_words_count(array_agg(w), array_agg(n)) FROM (
      SELECT w, sum(r.n)::int AS n FROM (
        SELECT a.search_text, 1 AS n FROM (
          SELECT id, search_text FROM new_rows EXCEPT ALL SELECT id, search_text FROM old_rows
        ) a
        UNION ALL
        SELECT b.search_text, -1 FROM (
          SELECT id, search_text FROM old_rows EXCEPT ALL SELECT id, search_text FROM new_rows
        ) b
      ) r, search_words_of(r.search_text) w
      GROUP BY w HAVING sum(r.n) <> 0
    ) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER products_search_words_delete AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER products_search_words_truncate AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
SELECT search_words_count(array_agg(w), array_agg(n)) FROM (
  SELECT w, count(*)::int AS n FROM products p, search_words_of(p.search_text) w GROUP BY w
) d;
