-- The shop's calendar (decision 167), applied after the migrations like the cart's functions
-- (see cart-state.sql); named to come first, since those read it.

-- Today in the shop's time zone: the day a release date or a last pre-order date is compared
-- with. The shop keeps its dates in UTC, as coupons' expiry dates are (DESIGN.md §4); this is
-- the one place that says so. STABLE, so a statement reads one day however long it runs.
CREATE OR REPLACE FUNCTION shop_today()
RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE 'UTC')::date
$$;
