/**
 * Statements prepared once per database: Drizzle builds the SQL once, and PostgreSQL parses and
 * plans it once per connection instead of on every call (for the dashboard's order page the
 * planning alone cost more than running it). For the statements every request or every busy
 * screen makes; the rest are built as they are needed.
 *
 * A pooler in front of PostgreSQL must keep prepared statements (PgBouncer 1.21+ with
 * `max_prepared_statements`, or session mode).
 */
import type { Db } from './client';

/** `build(db)` for each database, made on first use and kept while the database lives. */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}
