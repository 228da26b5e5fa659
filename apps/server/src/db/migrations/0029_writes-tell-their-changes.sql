-- The app tells its own changes of the catalog and the users after they commit, on either
-- engine (db/changed.ts, decision 141), so the cart functions' `_announced` wrappers
-- (migrations 0019 and 0022), which made the embedded database announce a cart change as one
-- product's stock, have no caller left; nor have their two helpers. The statement triggers of
-- 0006 stay, for writers outside the app (psql, scripts): the app's connections, of either
-- engine, keep them quiet with `otaku.announce_changes = off`.
DROP FUNCTION cart_reserve_announced(text, uuid, text, text, int, int, int, int);
--> statement-breakpoint
DROP FUNCTION cart_change_line_announced(text, text, text, int, int, int, int, int);
--> statement-breakpoint
DROP FUNCTION announce_stock_of(text, boolean);
--> statement-breakpoint
DROP FUNCTION quiet_for_stock_change();
