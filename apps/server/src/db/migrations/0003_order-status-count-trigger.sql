-- Keeps order_status_counts equal to the number of orders per status, in the same transaction
-- as the order change (see the table's comment in schema/orders.ts). A writer adds to the slot
-- of its own connection (backend pid mod 8), so concurrent order placements rarely wait on one
-- another's counter row. Row triggers do not see TRUNCATE: orders are only ever deleted row by
-- row by the application.
CREATE FUNCTION order_status_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer := pg_backend_pid() % 8;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO order_status_counts (status, slot, orders) VALUES (OLD.status, s, -1)
    ON CONFLICT (status, slot) DO UPDATE SET orders = order_status_counts.orders - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO order_status_counts (status, slot, orders) VALUES (NEW.status, s, 1)
    ON CONFLICT (status, slot) DO UPDATE SET orders = order_status_counts.orders + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_count_inserts_and_deletes AFTER INSERT OR DELETE ON orders
FOR EACH ROW EXECUTE FUNCTION order_status_counts_track();
--> statement-breakpoint
CREATE TRIGGER orders_count_status_changes AFTER UPDATE OF status ON orders
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION order_status_counts_track();
--> statement-breakpoint
INSERT INTO order_status_counts (status, slot, orders)
SELECT status, 0, count(*) FROM orders GROUP BY status;
