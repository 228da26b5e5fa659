// `npm run dev`: the API server in watch mode (tsx, port 3000) and the Vite dev server (port
// 5173, proxying /api to 3000) side by side, each line prefixed with its name. Ctrl-C, or
// either one exiting, stops both.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tasks = [
  { name: 'server', color: 36, args: ['run', 'dev', '-w', '@otaku/server'] },
  { name: 'web', color: 35, args: ['run', 'dev', '-w', '@otaku/web'] },
];
const width = Math.max(...tasks.map((task) => task.name.length));
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

let stopping = false;
let exitCode = 0;
const running = new Set();

function prefix(task) {
  const label = `[${task.name.padEnd(width)}]`;
  return useColor ? `\x1b[${task.color}m${label}\x1b[0m ` : `${label} `;
}

function pipe(stream, out, task) {
  createInterface({ input: stream }).on('line', (line) => out.write(`${prefix(task)}${line}\n`));
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of running) {
    // Each task runs in its own process group so npm, tsx and vite all get the signal.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => {
    for (const child of running) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }, 5_000).unref();
}

for (const task of tasks) {
  const child = spawn(npm, task.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    env: { ...process.env, FORCE_COLOR: useColor ? '1' : '0' },
  });
  running.add(child);
  pipe(child.stdout, process.stdout, task);
  pipe(child.stderr, process.stderr, task);
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      process.stderr.write(`${prefix(task)}exited (${signal ?? `code ${code}`}); stopping\n`);
      stop(code || 1);
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
