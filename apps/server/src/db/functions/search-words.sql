-- Product search's words (decision 164): `search_words` holds every distinct word of the
-- products' search text with the number of products that use it, and `search_word_deletions`
-- each such word of four letters or more with one letter left out, so that a misspelt word
-- finds the catalog's words one slip away with a few index lookups. Statement triggers on
-- `products` (migration 0030) keep both in the same transaction as any write to a product,
-- whoever makes it: the shop, the seed, a script. Search (modules/catalog/search-sql.ts) asks
-- `search_word_matches` what each word of a query may stand for, then matches products
-- with the trigram index on their search text.

-- The words of a text as search matches them: lower case, runs of letters and digits.
CREATE OR REPLACE FUNCTION search_words_of(t text)
RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(t), '[^[:alnum:]]+') w WHERE w <> ''
$$;

-- A word with each one of its letters left out in turn.
CREATE OR REPLACE FUNCTION search_word_deletions_of(w text)
RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(w, 1, i - 1) || substr(w, i + 1) FROM generate_series(1, length(w)) i
$$;

-- Adds counts[i] products to words[i] (negative: removes them). Words are upserted in word order,
-- so two writers sharing words lock them in the same order and cannot deadlock; a word no
-- product uses any more goes, with its deletions.
CREATE OR REPLACE FUNCTION search_words_count(words text[], counts integer[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- A write that changed no search text (an order's units sold) counts nothing.
  IF words IS NULL THEN
    RETURN;
  END IF;
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

-- The statement triggers' work: the words of the rows a statement inserted, deleted, or whose
-- search text it changed (an update of units sold changes no word and costs a comparison).
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

-- Whether two different words are one slip apart: a letter missing, extra or wrong, or two
-- neighbouring letters swapped (optimal string alignment distance 1).
CREATE OR REPLACE FUNCTION one_slip_apart(a text, b text)
RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  la integer := length(a);
  lb integer := length(b);
  i integer := 1;
BEGIN
  IF a = b OR abs(la - lb) > 1 THEN
    RETURN false;
  END IF;
  WHILE i <= least(la, lb) AND substr(a, i, 1) = substr(b, i, 1) LOOP
    i := i + 1;
  END LOOP;
  IF la = lb THEN
    RETURN substr(a, i + 1) = substr(b, i + 1)
      OR (substr(a, i, 1) = substr(b, i + 1, 1) AND substr(a, i + 1, 1) = substr(b, i, 1)
          AND substr(a, i + 2) = substr(b, i + 2));
  ELSIF la > lb THEN
    RETURN substr(a, i + 1) = substr(b, i);
  END IF;
  RETURN substr(a, i) = substr(b, i + 1);
END $$;

-- What one word of a query may stand for: itself (as typed, also inside longer words), and,
-- when it is a word of four letters or more that the catalog does not have, up to five of the
-- catalog's words close to it, the most used first. A word one slip away ("drgon" is "dragon",
-- which trigrams alone would not say) is what a shopper meant far more often than one two
-- slips away, so those are the readings when there are any (decision 187); only when there
-- are none, the words close by trigram word similarity (at the session's
-- pg_trgm.word_similarity_threshold, which db/client.ts sets), closest first. Shorter words
-- have too many neighbours to guess which was meant. The score says how sure the reading is:
-- 1 as typed, 0.9 one slip away, else the trigram similarity. Every lookup is an index scan of
-- the words' tables, whatever the size of the catalog, and the trigram lookup is made only
-- when no word is one slip away.
CREATE OR REPLACE FUNCTION search_word_matches(qw text)
RETURNS TABLE (word text, score real)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH asked AS (
    -- A row only for a word to read otherwise, with its deletions: both worked out once.
    SELECT array(SELECT search_word_deletions_of(qw)) AS deletions
    WHERE length(qw) >= 4 AND NOT EXISTS (SELECT FROM search_words e WHERE e.word = qw)
  ), slips AS (
    SELECT c.word, c.products
    FROM asked a, LATERAL (
      -- A letter missing (the query is one of the word's deletions), wrong or two swapped (both
      -- lose the same letter).
      SELECT w.word, w.products
      FROM search_word_deletions d JOIN search_words w ON w.word = d.word
      WHERE d.deletion = ANY (qw || a.deletions)
      UNION
      -- A letter too many: one of the query's deletions is the word.
      SELECT w.word, w.products FROM search_words w WHERE w.word = ANY (a.deletions)
    ) c
    WHERE one_slip_apart(qw, c.word)
  )
  SELECT qw, 1::real
  UNION ALL
  (SELECT s.word, 0.9::real FROM slips s ORDER BY s.products DESC, s.word LIMIT 5)
  UNION ALL
  (SELECT w.word, similarity(qw, w.word)::real
   FROM search_words w
   WHERE EXISTS (SELECT FROM asked) AND NOT EXISTS (SELECT FROM slips) AND qw <% w.word
   ORDER BY 2 DESC, w.products DESC, w.word
   LIMIT 5)
$$;

-- The readings of every word of a query (its words in one string, separated by spaces, as the
-- search sends them): each word's position (0-based) with what search_word_matches says it may
-- stand for. PL/pgSQL with its plan kept generic, so that the statement is planned once a
-- connection: as one prepared statement of the app, PostgreSQL planned it again at every call
-- (the words, folded in, made each custom plan look cheaper), which cost as much as running it.
CREATE OR REPLACE FUNCTION search_readings(p_words text)
RETURNS TABLE (word_position int, word text, score real)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT (q.position - 1)::int, m.word, m.score
  FROM unnest(string_to_array(p_words, ' ')) WITH ORDINALITY AS q(word, position),
    search_word_matches(q.word) m;
END $$;
