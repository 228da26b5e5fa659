/**
 * Where the server under test lives and how it is configured. run.mjs picks the port and the
 * throw-away data directory and passes them in the environment; Playwright's worker processes
 * inherit it, so the config and the fixtures see the same values.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2eDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(e2eDir, '..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

// Started without run.mjs (`npx playwright test`): a fixed port and a directory made once,
// in the main process, and inherited by the workers through process.env.
process.env.E2E_PORT ??= '3100';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'otaku-e2e-'));

export const port = Number(process.env.E2E_PORT);
export const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://127.0.0.1:${port}`;

// The loopback SMTP capture and OpenID provider of global-setup.ts (ports picked by run.mjs).
process.env.E2E_SMTP_PORT ??= String(port + 1);
process.env.E2E_OIDC_PORT ??= String(port + 2);
export const smtpPort = Number(process.env.E2E_SMTP_PORT);
export const oidcIssuer = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
/** Every mail the SMTP capture receives, one JSON object per line. */
export const mailCaptureFile = path.join(dataDir, 'captured-mail.jsonl');

/** The person the mock OpenID provider signs in as ("Sign in with Google"). */
export const googleUser = {
  sub: 'e2e-google-fan',
  email: 'google.fan@e2e.otakushelf.test',
  email_verified: true,
  name: 'Google Fan',
  picture:
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#7c3aed"/></svg>',
    ),
} as const;

/** run.mjs passes the browser it found; started without it, Debian's headless shell. */
export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium-headless-shell';
/** DESIGN.md §1: the flags Debian's Chromium needs here. Never --user-data-dir. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The superAdmin the demo data creates on first start; journeys sign in with it. */
export const seedAdmin = {
  email: 'superadmin@e2e.otakushelf.test',
  password: 'e2e-superadmin-password',
} as const;

/**
 * The server's environment: what `npm start` uses, on a fresh PGlite directory. Variables a
 * developer may have exported (or put in .env) that would point the server elsewhere are
 * blanked; the server runs in dataDir, so no .env file is read. Mail goes to the loopback SMTP
 * capture and Google sign-in to the loopback OpenID provider, both started by global-setup.ts.
 */
export const serverEnv: Record<string, string> = {
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: baseURL,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  JWT_SECRET: '',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  PAYMENT_PROVIDER: 'test',
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_API_URL: '',
  GOOGLE_CLIENT_ID: 'otaku-e2e-client',
  GOOGLE_CLIENT_SECRET: 'otaku-e2e-secret',
  GOOGLE_ISSUER_URL: oidcIssuer,
  RECRUITER_SIGNUP: 'on',
  DEMO_DATA: 'on',
  WEB_DIST_DIR: '',
  SEED_ADMIN_EMAIL: seedAdmin.email,
  SEED_ADMIN_PASSWORD: seedAdmin.password,
  // The shoppers the journeys sign up through the API each call from an address of their own,
  // as a proxy on this machine would say (fixtures.ts): one machine's address would pass the
  // per-address limits on sign-up codes that real shoppers, each at home, never meet.
  TRUST_PROXY: 'loopback',
  LOG_LEVEL: 'warn',
};
