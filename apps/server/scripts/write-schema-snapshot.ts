/**
 * npm run db:snapshot: writes the snapshot of the newest migration from the Drizzle schema
 * (schema-snapshots.ts), once that migration's SQL and the schema say the same.
 */
import path from 'node:path';
import { snapshotProblems, writeNewestSnapshot } from './schema-snapshots';

const file = await writeNewestSnapshot();
console.log(`Wrote ${path.relative(process.cwd(), file)} from the schema.`);
const problems = await snapshotProblems();
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
