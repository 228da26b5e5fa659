-- Fixed-window rate limits kept in the database (table rate_limits, lib/rate-limit.ts), so every
-- app instance counts the same hits. Applied after the migrations on every start (decision 143).

-- Counts one hit on each counter `p_keys[i]` (a window of `p_windows[i]` seconds, at most
-- `p_limits[i]` hits in it), each in one atomic upsert, so there is no read-then-write race.
-- Counters are taken in key order, so two calls sharing two counters cannot deadlock. One row a
-- counter: whether it is past its limit, and the seconds until its window ends. A window opened
-- by a transaction that began after this one ends up to a second past this one's clock: never
-- more than a window is answered. PL/pgSQL, so each connection plans the statement once: a SQL
-- function (which this cannot be inlined as) would plan it again on every call, which cost a
-- hot path several times the upsert itself.
CREATE OR REPLACE FUNCTION rate_limit_count(p_keys text[], p_windows int[], p_limits int[])
RETURNS TABLE (refused boolean, retry_after int)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY WITH counter AS (
    SELECT * FROM unnest(p_keys, p_windows, p_limits) AS v(key, window_seconds, max_hits)
  ), hit AS (
    INSERT INTO rate_limits (key, hits, reset_at)
    SELECT c.key, 1, now() + make_interval(secs => c.window_seconds) FROM counter c
    ORDER BY c.key
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at
                      ELSE rate_limits.reset_at END
    RETURNING key, hits, reset_at
  )
  SELECT h.hits > c.max_hits,
    least(c.window_seconds, ceil(extract(epoch FROM (h.reset_at - now()))))::int
  FROM hit h JOIN counter c ON c.key = h.key;
END $$;
