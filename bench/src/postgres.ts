/** A throw-away PostgreSQL cluster on 127.0.0.1, when the machine has PostgreSQL installed. */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

export interface Cluster {
  url: string;
  stop: () => void;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((v) => path.join(root, v, 'bin'))
    .find((d) => existsSync(path.join(d, 'initdb')));
}

export async function startCluster(): Promise<Cluster | undefined> {
  const bin = binDir();
  if (!bin) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'otaku-bench-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asPostgres = (cmd: string, args: string[]) => {
    const isRoot = process.getuid?.() === 0;
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: 'ignore' });
  };
  asPostgres(path.join(bin, 'initdb'), ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  asPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    'start',
    '-o',
    // A shop's durability: every commit waits for the disk unless the app says otherwise
    // (decision 101). Only the sizes differ from PostgreSQL's defaults.
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=512MB`,
  ]);
  return {
    // Through the Unix socket, as a shop whose database runs on the same host would connect.
    url: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop: () => {
      const isRoot = process.getuid?.() === 0;
      const args = ['-D', `${dir}/data`, '-m', 'fast', 'stop'];
      spawnSync(
        isRoot ? 'runuser' : path.join(bin, 'pg_ctl'),
        isRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args] : args,
        { stdio: 'ignore' },
      );
    },
  };
}
