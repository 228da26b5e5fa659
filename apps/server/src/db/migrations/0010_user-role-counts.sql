CREATE TABLE "user_role_counts" (
	"role" text NOT NULL,
	"slot" integer NOT NULL,
	"users" bigint NOT NULL,
	CONSTRAINT "user_role_counts_role_slot_pk" PRIMARY KEY("role","slot")
);
--> statement-breakpoint
-- Keeps user_role_counts equal to the number of accounts per role, in the same transaction as
-- the account change (see the table's comment in schema/users.ts), as migration 0003 does for
-- orders. Row triggers do not see TRUNCATE: accounts are only ever deleted row by row.
CREATE FUNCTION user_role_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer := pg_backend_pid() % 8;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO user_role_counts (role, slot, users) VALUES (OLD.role, s, -1)
    ON CONFLICT (role, slot) DO UPDATE SET users = user_role_counts.users - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO user_role_counts (role, slot, users) VALUES (NEW.role, s, 1)
    ON CONFLICT (role, slot) DO UPDATE SET users = user_role_counts.users + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_inserts_and_deletes AFTER INSERT OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION user_role_counts_track();
--> statement-breakpoint
CREATE TRIGGER users_count_role_changes AFTER UPDATE OF role ON users
FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role)
EXECUTE FUNCTION user_role_counts_track();
--> statement-breakpoint
INSERT INTO user_role_counts (role, slot, users)
SELECT role, 0, count(*) FROM users GROUP BY role;
