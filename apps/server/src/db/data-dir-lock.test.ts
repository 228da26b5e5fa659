import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockAddress, lockDataDir } from './data-dir-lock';

const freshDir = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'otaku-lock-')), 'pglite');

// Linux's abstract socket, and the socket file other systems use (tried here on Linux too).
describe.each(['linux', 'darwin'] as const)('the data directory lock (%s)', (platform) => {
  it.skipIf(platform === 'linux' && process.platform !== 'linux')(
    'refuses a second holder until the first lets go',
    async () => {
      const dir = freshDir();
      const first = await lockDataDir(dir, platform);
      const second = lockDataDir(dir, platform);
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(`The database in ${dir} is in use by another`);
      // Another directory is another lock.
      const other = await lockDataDir(freshDir(), platform);
      await other.release();
      await first.release();
      const again = await lockDataDir(dir, platform);
      await again.release();
    },
  );
});

describe('the socket file lock', () => {
  it('takes over the file a holder that died left behind', async () => {
    const dir = freshDir();
    const { address } = lockAddress(dir, 'darwin');
    // A socket file nobody listens on, as after a crash.
    const dead = net.createServer();
    await new Promise<void>((resolve) => dead.listen(address, resolve));
    // Closing removes the file; a crash would not, so put it back as a plain file.
    await new Promise((resolve) => dead.close(resolve));
    writeFileSync(address, '');
    const lock = await lockDataDir(dir, 'darwin');
    await expect(lockDataDir(dir, 'darwin')).rejects.toBeInstanceOf(DataDirInUseError);
    await lock.release();
  });

  it('goes to the temporary directory when the path beside the data is too long', () => {
    const deep = path.join(freshDir(), 'a'.repeat(90), 'pglite');
    const { address } = lockAddress(deep, 'darwin');
    expect(path.dirname(address)).toBe(os.tmpdir());
    expect(Buffer.byteLength(address)).toBeLessThan(104);
  });
});
