/**
 * Where the migrated template databases of one test run live. Names carry the run's process
 * id, so two runs on one machine (or one PostgreSQL server) never share or drop each other's.
 */
import os from 'node:os';
import path from 'node:path';

export interface TemplateNames {
  pgliteFile: string;
  postgresDb: string;
  /** What the names of this run's clones of the PostgreSQL template begin with. */
  postgresClonePrefix: string;
}

export function templateNames(runId: number): TemplateNames {
  return {
    pgliteFile: path.join(os.tmpdir(), `otaku-shelf-test-template-${runId}.tar.gz`),
    postgresDb: `otaku_test_template_${runId}`,
    postgresClonePrefix: `otaku_test_${runId}_`,
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templates: TemplateNames;
    /** Brings a clone of the template back to the template's state (reset.ts). */
    resetSql: string;
  }
}
