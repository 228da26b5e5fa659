/**
 * The Drizzle schema snapshots beside the migrations (src/db/migrations/meta/NNNN_snapshot.json).
 * `drizzle-kit generate` compares the schema with the newest one to write the next migration,
 * and refuses to run when two snapshots follow the same one. The migrations themselves are
 * written by hand (decision 139), so their snapshots are written here instead: one chain, in the
 * journal's order, whose newest is the schema as it is now. A migration may have no snapshot of
 * its own (the chain then skips it), except the newest.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { format } from 'prettier';
import * as schema from '../src/db/schema/index';
import { migrationsDir } from '../src/paths';

/** The prevId of the first snapshot (drizzle-kit's own). */
const ORIGIN = '00000000-0000-0000-0000-000000000000';

type Snapshot = ReturnType<typeof generateDrizzleJson>;

interface Link {
  tag: string;
  file: string;
  snapshot: Snapshot | undefined;
}

/** Each migration of the journal, in order, with its snapshot if it has one. */
export function snapshotChain(dir = migrationsDir): Link[] {
  const meta = path.join(dir, 'meta');
  const journal = JSON.parse(readFileSync(path.join(meta, '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => {
    const file = path.join(meta, `${tag.slice(0, tag.indexOf('_'))}_snapshot.json`);
    const snapshot = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Snapshot)
      : undefined;
    return { tag, file, snapshot };
  });
}

/** The schema as drizzle-kit snapshots it (as drizzle.config.ts says: snake_case columns). */
export function schemaSnapshot(id: string, prevId: string): Snapshot {
  const current = generateDrizzleJson(
    schema as Record<string, unknown>,
    prevId,
    undefined,
    'snake_case',
  );
  return { ...current, id, prevId, _meta: { columns: {}, schemas: {}, tables: {} } } as Snapshot;
}

/**
 * What is wrong with the snapshots, empty when nothing: a snapshot of no migration, one that
 * does not follow the snapshot before it, a newest migration without one, or a schema that
 * differs from it (with the SQL drizzle-kit would write for the difference).
 */
export async function snapshotProblems(dir = migrationsDir): Promise<string[]> {
  const chain = snapshotChain(dir);
  const problems: string[] = [];
  const files = new Set(chain.map((link) => path.basename(link.file)));
  for (const name of readdirSync(path.join(dir, 'meta')))
    if (name.endsWith('_snapshot.json') && !files.has(name))
      problems.push(`${name} belongs to no migration of the journal`);
  let prevId = ORIGIN;
  for (const { tag, snapshot } of chain) {
    if (!snapshot) continue;
    if (snapshot.prevId !== prevId)
      problems.push(`${tag}: its snapshot follows ${snapshot.prevId}, not ${prevId}`);
    prevId = snapshot.id;
  }
  const newest = chain.at(-1)!;
  if (!newest.snapshot) {
    problems.push(`${newest.tag}, the newest migration, has no snapshot`);
  } else {
    const statements = await generateMigration(
      newest.snapshot,
      schemaSnapshot(newest.snapshot.id, newest.snapshot.prevId),
    );
    if (statements.length > 0)
      problems.push(`the schema differs from ${newest.tag}'s snapshot:\n${statements.join('\n')}`);
  }
  return problems;
}

/**
 * Writes the newest migration's snapshot from the schema as it is now, after the newest
 * snapshot before it (its own id is kept when it has one). Answers the file written.
 */
export async function writeNewestSnapshot(dir = migrationsDir): Promise<string> {
  const chain = snapshotChain(dir);
  const newest = chain.at(-1)!;
  const before = chain.slice(0, -1).findLast((link) => link.snapshot)?.snapshot;
  const snapshot = schemaSnapshot(newest.snapshot?.id ?? randomUUID(), before?.id ?? ORIGIN);
  // As the snapshots already there are formatted.
  writeFileSync(newest.file, await format(JSON.stringify(snapshot), { parser: 'json' }));
  return newest.file;
}
