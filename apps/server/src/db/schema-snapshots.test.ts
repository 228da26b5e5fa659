import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  snapshotChain,
  snapshotProblems,
  writeNewestSnapshot,
} from '../../scripts/schema-snapshots';
import { migrationsDir } from '../paths';

// drizzle-kit generate writes the next migration from the newest snapshot (decision 139).
describe('the Drizzle schema snapshots', () => {
  it('form one chain whose newest is the schema as it is now (npm run db:snapshot)', async () => {
    expect(await snapshotProblems()).toEqual([]);
  });

  describe('in a copy of the migrations', () => {
    const copy = () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'otaku-migrations-'));
      cpSync(migrationsDir, dir, { recursive: true });
      return dir;
    };
    /** The newest snapshot file of a copy. */
    const newestSnapshot = (dir: string) => snapshotChain(dir).findLast((link) => link.snapshot)!;
    const edit = (file: string, change: (json: Record<string, unknown>) => void) => {
      const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      change(json);
      writeFileSync(file, JSON.stringify(json));
    };

    it('tell a new migration without a snapshot, until db:snapshot writes it', async () => {
      const dir = copy();
      const before = newestSnapshot(dir).snapshot!;
      edit(path.join(dir, 'meta/_journal.json'), (journal) => {
        const entries = journal.entries as { idx: number; tag: string }[];
        entries.push({ ...entries.at(-1)!, idx: 99, tag: '0099_hand-written' });
      });
      expect(await snapshotProblems(dir)).toEqual([
        '0099_hand-written, the newest migration, has no snapshot',
      ]);
      await writeNewestSnapshot(dir);
      expect(await snapshotProblems(dir)).toEqual([]);
      const written = JSON.parse(readFileSync(path.join(dir, 'meta/0099_snapshot.json'), 'utf8'));
      expect(written.prevId).toBe(before.id);
    });

    it('tell a schema that differs from the newest snapshot, and a broken chain', async () => {
      const dir = copy();
      edit(newestSnapshot(dir).file, (snapshot) => {
        const tables = snapshot.tables as Record<string, { columns: Record<string, unknown> }>;
        delete tables['public.users']!.columns.email_verified_at;
      });
      edit(path.join(dir, 'meta/0022_snapshot.json'), (snapshot) => {
        snapshot.prevId = '9608a7d5-b9df-4aeb-8ab7-5ff227bd2f2d';
      });
      const problems = await snapshotProblems(dir);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^0022_fair-stock: its snapshot follows 9608a7d5/);
      expect(problems[1]).toContain('ADD COLUMN "email_verified_at"');
    });
  });
});
