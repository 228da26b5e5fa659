/**
 * Two server processes on one embedded database: the second must refuse to start, saying why,
 * rather than open a directory the first is writing (PGlite takes no lock of its own, and two
 * writers leave it unreadable). Once the first is gone, even killed, the next one starts.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engine } from './helpers';
import { startServer } from './server-process';

describe.skipIf(engine !== 'pglite')('one server per embedded database', () => {
  it(
    'refuses a second server on the same DATA_DIR until the first is gone',
    { timeout: 180_000 },
    async () => {
      const env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'otaku-shared-data-')) };
      const first = await startServer(env);
      try {
        // A second server that did start is stopped here, so a failing run leaves none behind.
        const second = await startServer(env).then(
          async (server) => {
            await server.kill();
            return 'started';
          },
          (error: Error) => error.message,
        );
        expect(second).toMatch(
          /server exited on start-up:\nThe database in .*pglite is in use by another Otaku Shelf server/,
        );
        expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      } finally {
        await first.kill(); // SIGKILL: no chance to let go of anything
      }
      const next = await startServer(env);
      try {
        expect((await fetch(`${next.url}/api/health`)).status).toBe(200);
      } finally {
        await next.kill();
      }
    },
  );
});
