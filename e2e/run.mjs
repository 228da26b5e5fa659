// The workspace's test:e2e script. Finds Chromium's headless shell (installing Debian's package
// when running as root), picks a free port and a throw-away data directory for the server under
// test, then hands over to Playwright. Port and directory are chosen here because Playwright must
// know the server's URL before it starts it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(e2eDir, '..');
// The same Chromium as Debian's browser package, built without a window: what Playwright runs
// headless tests in by default. The full browser draws every page through its GPU process and
// costs the journeys about half again as much processor time (docs/decisions/150).
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function fail(message) {
  console.error(`e2e: ${message}`);
  process.exit(1);
}

function findChromium() {
  const candidates = [process.env.CHROME_PATH, DEBIAN_HEADLESS_SHELL].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate));
}

function installHeadlessShell() {
  console.log("e2e: Chromium's headless shell not found; installing Debian's package");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-q'],
    ['install', '-y', '-q', 'chromium-headless-shell'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) fail(`apt-get ${args.join(' ')} failed`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let chromePath = findChromium();
if (!chromePath && process.getuid?.() === 0) {
  installHeadlessShell();
  chromePath = findChromium();
  if (!chromePath)
    fail(`chromium-headless-shell was installed but ${DEBIAN_HEADLESS_SHELL} is missing`);
} else if (!chromePath && existsSync(DEBIAN_CHROMIUM)) {
  // Not root: the full browser does the same checks, more slowly.
  console.log(
    "e2e: running in Debian's full chromium; `sudo apt-get install chromium-headless-shell` " +
      'runs the journeys in less time.',
  );
  chromePath = DEBIAN_CHROMIUM;
} else if (!chromePath) {
  fail(
    "Chromium not found. Install Debian's package (sudo apt-get install chromium-headless-shell) " +
      'or set CHROME_PATH to a Chromium binary.',
  );
}

for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(repoRoot, built))) {
    fail(`${built} is missing: run \`npm run build\` first (the root \`npm run test:e2e\` does).`);
  }
}

const port = await freePort();
// The loopback SMTP capture and OpenID provider that global-setup.ts starts.
const smtpPort = await freePort();
const oidcPort = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'otaku-e2e-'));
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');

const child = spawn(
  process.execPath,
  [cli, 'test', '--config', 'playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: e2eDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROME_PATH: chromePath,
      E2E_PORT: String(port),
      E2E_SMTP_PORT: String(smtpPort),
      E2E_OIDC_PORT: String(oidcPort),
      E2E_DATA_DIR: dataDir,
    },
  },
);

// Ctrl-C reaches Playwright through the terminal; a plain kill is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));

child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
