/** Where the migrated template databases live, shared by the global setup and the test files. */
import os from 'node:os';
import path from 'node:path';

export const PGLITE_TEMPLATE_FILE = path.join(os.tmpdir(), 'otaku-shelf-test-template.tar.gz');
export const PG_TEMPLATE_DB = 'otaku_test_template';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
