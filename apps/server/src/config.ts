/**
 * The only reader of process.env. Every variable of the configuration table is parsed here
 * once; a bad value stops start-up with a message that names the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_LINE_QUANTITY } from '@otaku/shared';
import { z } from 'zod';
import { webDistDefault } from './paths';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const onOff = z.enum(['on', 'off']).default('on');
const url = (what: string) =>
  optional.refine((v) => v === undefined || URL.canParse(v), `must be a valid URL (${what})`);

/**
 * Connections to PostgreSQL by default: two for each of this machine's cores, and one more.
 * PostgreSQL answers the most when about that many statements run at once; beyond it they only
 * queue inside the database, which spends the cores switching between its backends (decision
 * 104). Right when the database shares this machine, as in a single-server shop; a larger
 * database server, or several instances sharing one, is set with DATABASE_POOL_SIZE.
 */
export const DEFAULT_POOL_SIZE = Math.min(200, 2 * os.availableParallelism() + 1);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: url('e.g. https://shop.example.com'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: url('e.g. postgres://user:pass@host:5432/db'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  JWT_SECRET: optional.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters',
  ),
  SMTP_URL: url('e.g. smtp://user:pass@smtp.example.com:587'),
  MAIL_FROM: z.string().trim().min(3).default('Otaku Shelf <no-reply@otakushelf.local>'),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: url('a Stripe-compatible API, for tests'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER_URL: z.string().trim().url().default('https://accounts.google.com'),
  RECRUITER_SIGNUP: onOff,
  RESERVATION_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  // Fair stock (DESIGN.md §8, decision 133). A line holds at most 99 units (MAX_LINE_QUANTITY).
  MAX_UNITS_PER_ITEM: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY).default(10),
  MAX_UNITS_PER_CART: z.coerce.number().int().min(1).max(10_000).default(30),
  RESERVATION_MAX_MINUTES: z.coerce.number().int().min(1).max(10_080).default(120),
  RESERVATIONS_PER_MINUTE_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  RESERVATIONS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  SEED_ADMIN_EMAIL: optional.refine(
    (v) => v === undefined || z.email().safeParse(v).success,
    'must be a valid email address',
  ),
  SEED_ADMIN_PASSWORD: optional.refine(
    (v) => v === undefined || v.length >= 8,
    'must be at least 8 characters',
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optional,
  DEMO_DATA: onOff,
  SQL_STATEMENT_HEADER: z.enum(['on', 'off']).default('off'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  /** Connections each instance keeps to PostgreSQL (PGlite has one). */
  databasePoolSize: number;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  payments:
    | { provider: 'test' }
    | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiUrl: string | undefined };
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
  recruiterSignup: boolean;
  reservationTtlMinutes: number;
  /** How often each instance looks for idle carts whose reservations expired. */
  reservationSweepSeconds: number;
  /** The most units of one variant a cart may hold. */
  maxUnitsPerItem: number;
  /** The most units a cart may hold in all. */
  maxUnitsPerCart: number;
  /** A unit's hold ends this long after it was first held, however often the cart is touched. */
  reservationMaxMinutes: number;
  /** Calls that may reserve units (add to cart, set a quantity), per minute and account. */
  reservationsPerMinutePerAccount: number;
  /** The same, per minute and client address (several shoppers may share one). */
  reservationsPerMinutePerAddress: number;
  /** Seed demo products, users, coupons and orders into an empty database. */
  demoData: boolean;
  seedAdmin: { email: string | undefined; password: string | undefined };
  logLevel: string;
  webDistDir: string;
  /** Adds `x-sql-statements` to every response (the benchmark's query counter). */
  sqlStatementHeader: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${String(i.path[0])} ${i.message.replace(/^Invalid input: /, '')}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);

  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration: JWT_SECRET is required in production');
  }

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    payments:
      e.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: 'test' },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuerUrl: e.GOOGLE_ISSUER_URL,
          }
        : null,
    recruiterSignup: e.RECRUITER_SIGNUP === 'on',
    reservationTtlMinutes: e.RESERVATION_TTL_MINUTES,
    reservationSweepSeconds: e.RESERVATION_SWEEP_SECONDS,
    maxUnitsPerItem: e.MAX_UNITS_PER_ITEM,
    maxUnitsPerCart: e.MAX_UNITS_PER_CART,
    reservationMaxMinutes: e.RESERVATION_MAX_MINUTES,
    reservationsPerMinutePerAccount: e.RESERVATIONS_PER_MINUTE_PER_ACCOUNT,
    reservationsPerMinutePerAddress: e.RESERVATIONS_PER_MINUTE_PER_ADDRESS,
    demoData: e.DEMO_DATA === 'on',
    seedAdmin: { email: e.SEED_ADMIN_EMAIL?.toLowerCase(), password: e.SEED_ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : webDistDefault,
    sqlStatementHeader: e.SQL_STATEMENT_HEADER === 'on',
  };
}

/** Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
