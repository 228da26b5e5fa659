/**
 * Bringing a test database back to the migrated template's state without cloning it again: one
 * TRUNCATE of every table (the migration journal aside), then the rows the migrations insert
 * and every sequence's position as the template has them. Written once per run from the
 * template (global-setup.ts) and run by helpers.ts before a worker's database serves its next file.
 */

/** Runs one query on the template and gives its rows. */
export type TemplateQuery = (text: string) => Promise<Array<Record<string, unknown>>>;

/** The schemas PostgreSQL keeps for itself, and drizzle's, which holds only the migration journal. */
const NOT_APP_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
  and n.nspname not like 'pg\\_%'`;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The SQL that resets a database cloned from this template to the template's state. */
export async function resetSqlOf(query: TemplateQuery): Promise<string> {
  const tables = await query(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and ${NOT_APP_SCHEMAS}
      order by 1`,
  );
  const statements: string[] = [];
  if (tables.length > 0) {
    const names = tables.map((t) => t.name as string);
    statements.push(`truncate table ${names.join(', ')} restart identity cascade`);
    for (const name of names) {
      const columns = await query(
        `select format('%I', attname) as name from pg_attribute
          where attrelid = ${literal(name)}::regclass and attnum > 0 and not attisdropped
            and attgenerated = '' order by attnum`,
      );
      const [{ rows }] = (await query(
        `select coalesce(json_agg(t), '[]')::text as rows from ${name} t`,
      )) as [{ rows: string }];
      if (rows === '[]') continue;
      const list = columns.map((c) => c.name as string).join(', ');
      statements.push(
        `insert into ${name} (${list}) overriding system value select ${list} from json_populate_recordset(null::${name}, ${literal(rows)})`,
      );
    }
  }
  const sequences = await query(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and ${NOT_APP_SCHEMAS} order by 1`,
  );
  for (const { name } of sequences) {
    const [{ last, called }] = (await query(
      `select last_value::text as last, is_called as called from ${name as string}`,
    )) as [{ last: string; called: boolean }];
    // A sequence never used reads its start value with is_called false.
    statements.push(`select setval(${literal(name as string)}, ${last}, ${called})`);
  }
  return statements.map((s) => `${s};`).join('\n');
}
