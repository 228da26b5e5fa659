/** Starts the production build of the server as its own process, and stops it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './ports';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

/** The newest modification time of the files below `dir` (0 when there is none). */
function newestBelow(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestBelow(at));
    else if (entry.isFile()) newest = Math.max(newest, statSync(at).mtimeMs);
  }
  return newest;
}

/**
 * A warning when the server's or the web app's sources changed after the last build: the
 * bench measures the build, and numbers of an old one are easily taken for the new code's.
 */
export function staleBuildWarning(): string | null {
  if (!existsSync(serverEntry)) return null;
  const built = statSync(serverEntry).mtimeMs;
  const changed = ['apps/server/src', 'apps/web/src', 'packages/shared/src'].filter(
    (dir) => newestBelow(path.join(repoRoot, dir)) > built,
  );
  return changed.length === 0
    ? null
    : `Warning: ${changed.join(', ')} changed after the last build; run \`npm run build\` to measure the code as it is.`;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(serverEntry)) {
    throw new Error('The server is not built: run `npm run build` first.');
  }
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Runs `use` against a server started with `env`, and stops the server however `use` ends. */
export async function withServer<T>(
  env: Record<string, string>,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const server = await startServer(env);
  try {
    return await use(server.url);
  } finally {
    await server.stop();
  }
}
