/**
 * The migration journal as Drizzle's migrator reads it: it applies, in journal order, only the
 * entries dated after the last one a database has run. A date out of order, or in the future,
 * makes a database that ran it skip the migrations dated before it, without a word.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths';

interface Entry {
  idx: number;
  when: number;
  tag: string;
}
const journal = JSON.parse(
  readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
) as { entries: Entry[] };

describe('the migration journal', () => {
  it('dates every migration after the one before it, and none in the future', () => {
    const dates = journal.entries.map((e) => e.when);
    for (let i = 1; i < dates.length; i++)
      expect(dates[i], journal.entries[i]!.tag).toBeGreaterThan(dates[i - 1]!);
    expect(Math.max(...dates)).toBeLessThanOrEqual(Date.now());
  });

  it('lists every migration file once, in the order of their numbers', () => {
    const files = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
  });
});
