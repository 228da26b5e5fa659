-- Back-in-stock alerts (decision 168). Applied after the migrations on every start (decision
-- 143; see cart-state.sql); migration 0033 made the trigger that calls it.
--
-- Called for each row of product_variants whose stock rose, whatever statement raised it (a
-- staff edit, the reservation sweeper, a cart giving units back, a card checkout that expired):
-- the trigger's WHEN clause (NEW.stock > OLD.stock) is checked by the server itself, so the
-- writes that take units (adding to a cart, placing an order) never call this function, and a
-- variant nobody waits for pays one probe of an index that holds only waiting alerts.
--
-- Wakes the oldest waiting alerts of the variant, at most one per unit that came back (the rest
-- wait for the next return): their mail is due at once (modules/wishlist/stock-alert-mails.ts
-- sends it). The stock update holds the variant's row lock until it commits, so two returns of
-- the same variant run this one after the other, and the second, in a statement of its own,
-- sees what the first woke: each alert is woken once, on any number of app instances.
CREATE OR REPLACE FUNCTION stock_alerts_wake()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_alerts a SET notified_at = now(), not_before = now()
  WHERE a.id IN (
    SELECT w.id FROM stock_alerts w
    WHERE w.product_id = NEW.product_id AND w.variant = NEW.variant AND w.notified_at IS NULL
    ORDER BY w.id
    LIMIT NEW.stock - OLD.stock
    FOR UPDATE
  ) AND a.notified_at IS NULL;
  RETURN NULL;
END $$;
