/**
 * One process at a time on a PGlite data directory. PGlite is PostgreSQL in single-user mode
 * and takes no lock of its own: a second server opened on the same DATA_DIR (`npm start` in a
 * second terminal, with another PORT) starts without a word, both write, and the directory is
 * left unreadable. PostgreSQL refuses with its postmaster.pid; this is the same refusal.
 *
 * The lock is a local socket the holder listens on, named after the directory's real path:
 * the kernel frees it when the process ends, however it ends, so a crash leaves no stale lock
 * to clear and a re-used process id cannot hold one. On Linux it is an abstract socket (no
 * file at all), on Windows a named pipe; elsewhere a socket file beside the directory (or in the
 * temporary directory when that path is too long for a socket), taken over when nobody answers
 * on it (decision 122).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export interface DataDirLock {
  release: () => Promise<void>;
}

/** Where the lock of `dataDir` lives; `file` when it is a socket file to remove after use. */
export function lockAddress(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): { address: string; file: boolean } {
  mkdirSync(dataDir, { recursive: true });
  const real = realpathSync(dataDir);
  const name = `otaku-shelf-pglite-${createHash('sha256').update(real).digest('hex').slice(0, 32)}`;
  if (platform === 'linux') return { address: `\0${name}`, file: false };
  if (platform === 'win32') return { address: `\\\\?\\pipe\\${name}`, file: false };
  // A socket file's path must fit in about 104 bytes; a deep directory's lock goes to /tmp.
  const beside = `${real}.lock`;
  const fits = Buffer.byteLength(beside) < 100;
  return { address: fits ? beside : path.join(os.tmpdir(), `${name}.sock`), file: true };
}

/** Takes the lock of `dataDir` or throws DataDirInUseError naming the directory. */
export async function lockDataDir(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<DataDirLock> {
  const { address, file } = lockAddress(dataDir, platform);
  const server = net.createServer((socket) => socket.destroy());
  try {
    await listen(server, address);
  } catch (error) {
    if (!isInUse(error)) throw error;
    if (!file || (await answers(address))) throw inUse(dataDir);
    // A socket file nobody listens on is what a holder that died leaves behind.
    rmSync(address, { force: true });
    await listen(server, address).catch((again: unknown) => {
      throw isInUse(again) ? inUse(dataDir) : again;
    });
  }
  // The lock must never be what keeps the process alive.
  server.unref();
  return {
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (file) rmSync(address, { force: true });
      }),
  };
}

const inUse = (dataDir: string) =>
  new DataDirInUseError(
    `The database in ${dataDir} is in use by another Otaku Shelf server. Stop that server first, ` +
      'or give this one a DATA_DIR of its own (or a DATABASE_URL): two servers on one embedded ' +
      'database would damage it.',
  );

const isInUse = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Whether a live process listens on this socket file. */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
