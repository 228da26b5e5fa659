-- pg_trgm declares its similarity functions as cheap as comparing two integers (COST 1), so on
-- a table of a few thousand rows the planner prefers a sequential scan that computes word
-- similarity for every row (about 10x slower than asking the trigram GIN index for candidates).
-- COST 100 is closer to the truth and makes product search use products_search_trgm_idx.
-- Where the extension belongs to another role, the costs stay as they are: search still works,
-- only slower.
DO $$
BEGIN
  ALTER FUNCTION similarity(text, text) COST 100;
  ALTER FUNCTION similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity(text, text) COST 100;
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege OR undefined_function THEN
  RAISE NOTICE 'pg_trgm function costs left unchanged: %', SQLERRM;
END $$;
