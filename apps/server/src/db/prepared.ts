/**
 * Statements prepared by name: Drizzle builds the SQL once, and PostgreSQL parses and plans it
 * once per connection instead of on every call (for the dashboard's order page the planning
 * alone cost more than running it). For the statements every request or every busy screen
 * makes; the rest are built as they are needed. Drizzle's own `.prepare(name)` does the work;
 * PGlite runs the same text and ignores the name.
 *
 * A pooler in front of PostgreSQL must keep prepared statements (PgBouncer 1.21+ with
 * `max_prepared_statements`, or session mode).
 */
import type { Executor } from './client';

/**
 * `build(ex)`, a Drizzle query ending in `.prepare(name)` with `sql.placeholder`s for its
 * values, made once for each database or transaction it runs on and kept while that lives. On
 * a transaction it is built again for each one, and PostgreSQL still finds the statement
 * already prepared on the connection. A name is given to exactly one text: PostgreSQL refuses
 * a second text under a name on one connection.
 */
export function prepared<T>(build: (ex: Executor) => T): (ex: Executor) => T {
  const made = new WeakMap<Executor, T>();
  return (ex) => {
    let statement = made.get(ex);
    if (statement === undefined) {
      statement = build(ex);
      made.set(ex, statement);
    }
    return statement;
  };
}

/** The rows of a raw statement's result, the same shape on PGlite and node-postgres. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
