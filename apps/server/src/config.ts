/**
 * The only reader of process.env. Every variable of the configuration table is parsed here
 * once; a bad value stops start-up with a message that names the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
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
const onOff = z.enum(['on', 'off']);
/** A variable set to nothing (`DEMO_DATA=` in .env) counts as unset: its default applies. */
const unsetIfBlank = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );
const url = (what: string) =>
  optional.refine((v) => v === undefined || URL.canParse(v), `must be a valid URL (${what})`);
const httpUrl = (what: string) =>
  optional.refine(
    (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    `must be an http:// or https:// URL (${what})`,
  );

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
  DEMO_MODE: onOff.default('off'),
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
  /** Default: `test` in a demo, `stripe` in a live shop. */
  PAYMENT_PROVIDER: unsetIfBlank(z.enum(['test', 'stripe'])),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: url('a Stripe-compatible API, for tests'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER_URL: z.string().trim().url().default('https://accounts.google.com'),
  /** Default: on in a demo, off in a live shop. */
  RECRUITER_SIGNUP: unsetIfBlank(onOff),
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
  /** Default: on in a demo, off in a live shop. */
  DEMO_DATA: unsetIfBlank(onOff),
  SQL_STATEMENT_HEADER: onOff.default('off'),
  // Pictures in an S3-compatible object store (decision 155); unset: DATA_DIR/uploads.
  S3_BUCKET: optional.refine(
    (v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
    'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens',
  ),
  S3_REGION: optional.refine(
    (v) => v === undefined || /^[a-z0-9-]{2,32}$/.test(v),
    'must be a region name such as eu-central-1',
  ),
  S3_ENDPOINT: httpUrl("the store's API, e.g. http://127.0.0.1:9000 for MinIO"),
  S3_FORCE_PATH_STYLE: unsetIfBlank(onOff),
  S3_PUBLIC_URL: httpUrl("where the bucket's pictures are public, e.g. https://cdn.example.com"),
  TRUST_PROXY: optional.transform((v, ctx) => {
    const trust = parseTrustProxy(v);
    if (trust === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a number of proxy hops (1-10) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8, loopback); trusting every address would let any client choose its own',
      });
      return z.NEVER;
    }
    return trust;
  }),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  /**
   * A demo shop (DEMO_MODE=on, or any start outside production): the recruiter page, the test
   * payment page and demo data are allowed, and every page says it is a demo. False for a live
   * shop, which refuses to start with any of them on (liveShopProblems).
   */
  demo: boolean;
  /**
   * Which proxies' `X-Forwarded-For` to believe (Fastify's trustProxy): false for none (the
   * socket's address is the client's), a hop count, or proxy addresses and CIDR ranges.
   */
  trustProxy: TrustProxy;
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
  /** Pictures in an S3-compatible object store; null: on the disk under uploadsDir. */
  s3: S3Config | null;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Another store than AWS S3 (MinIO, R2...); unset: AWS. */
  endpoint: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
  /**
   * Where the bucket's pictures are public (a CDN or a public bucket), without a trailing
   * slash: image URLs in answers and pages point there. Unset: the app serves them at /uploads.
   */
  publicUrl: string | undefined;
  /** Only for tests; otherwise the SDK's own chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Only for tests: a shorter deadline for each call to the store than the 15 s default. */
  callTimeoutMs?: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The environment through `schema`, or a ConfigError naming every bad variable. */
function parse<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (i) => `${String(i.path[0])} ${i.message.replace(/^Invalid input: /, '')}`,
  );
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/**
 * Where the database is, and nothing else: for commands run beside the shop (admin:create),
 * which need neither mail nor payments and must work before those are set.
 */
export function loadDatabaseConfig(
  env: Record<string, string | undefined> = process.env,
): Pick<Config, 'databaseUrl' | 'dataDir'> {
  const e = parse(envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }), env);
  return { databaseUrl: e.DATABASE_URL, dataDir: path.resolve(e.DATA_DIR) };
}

/**
 * Parses the environment; throws one ConfigError naming every bad variable and, for a live
 * shop, every setting it must not start with.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parse(envSchema, env);
  const isProduction = e.NODE_ENV === 'production';
  const demo = !isProduction || e.DEMO_MODE === 'on';
  const dataDir = path.resolve(e.DATA_DIR);
  const provider = e.PAYMENT_PROVIDER ?? (demo ? 'test' : 'stripe');
  const recruiterSignup = (e.RECRUITER_SIGNUP ?? (demo ? 'on' : 'off')) === 'on';
  const demoData = (e.DEMO_DATA ?? (demo ? 'on' : 'off')) === 'on';

  const problems: string[] = [];
  if (provider === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    problems.push('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (isProduction && !e.JWT_SECRET) problems.push('JWT_SECRET is required in production');
  problems.push(...s3Problems(e));
  if (!demo) {
    problems.push(
      ...liveShopProblems({
        recruiterSignup,
        provider,
        demoData,
        smtpUrl: e.SMTP_URL,
        publicUrl: e.PUBLIC_URL,
        picturesUrl: e.S3_PUBLIC_URL,
        stripe: { secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL },
        seedAdmin: { email: e.SEED_ADMIN_EMAIL, password: e.SEED_ADMIN_PASSWORD },
      }),
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(
      demo
        ? `Invalid configuration: ${problems.join('; ')}`
        : `A live shop (NODE_ENV=production without DEMO_MODE=on) does not start with: ${problems.join('; ')}. Set DEMO_MODE=on for a public demo instead.`,
    );
  }

  return {
    env: e.NODE_ENV,
    isProduction,
    demo,
    trustProxy: e.TRUST_PROXY ?? false,
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
      provider === 'stripe'
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
    recruiterSignup,
    reservationTtlMinutes: e.RESERVATION_TTL_MINUTES,
    reservationSweepSeconds: e.RESERVATION_SWEEP_SECONDS,
    maxUnitsPerItem: e.MAX_UNITS_PER_ITEM,
    maxUnitsPerCart: e.MAX_UNITS_PER_CART,
    reservationMaxMinutes: e.RESERVATION_MAX_MINUTES,
    reservationsPerMinutePerAccount: e.RESERVATIONS_PER_MINUTE_PER_ACCOUNT,
    reservationsPerMinutePerAddress: e.RESERVATIONS_PER_MINUTE_PER_ADDRESS,
    demoData,
    seedAdmin: { email: e.SEED_ADMIN_EMAIL?.toLowerCase(), password: e.SEED_ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : webDistDefault,
    sqlStatementHeader: e.SQL_STATEMENT_HEADER === 'on',
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? (e.S3_ENDPOINT ? 'on' : 'off')) === 'on',
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : null,
  };
}

/** The S3 variables belong together: each names what it is missing. */
function s3Problems(e: z.output<typeof envSchema>): string[] {
  if (!e.S3_BUCKET) {
    const stray = (
      ['S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const
    ).filter((name) => e[name] !== undefined);
    return stray.map((name) => `${name} is set without S3_BUCKET (pictures stay on the disk)`);
  }
  if (!e.S3_ENDPOINT && !e.S3_REGION)
    return ['S3_REGION is required with S3_BUCKET on AWS S3 (no S3_ENDPOINT), e.g. eu-central-1'];
  return [];
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

/** What a live shop must not start with, each naming its variable and why. */
function liveShopProblems(settings: {
  recruiterSignup: boolean;
  provider: 'test' | 'stripe';
  demoData: boolean;
  smtpUrl: string | undefined;
  publicUrl: string | undefined;
  picturesUrl: string | undefined;
  stripe: { secretKey: string | undefined; apiUrl: string | undefined };
  seedAdmin: { email: string | undefined; password: string | undefined };
}): string[] {
  const problems: string[] = [];
  if (settings.recruiterSignup)
    problems.push('RECRUITER_SIGNUP is on (the recruiter page gives any visitor an admin account)');
  if (settings.provider === 'test')
    problems.push(
      'PAYMENT_PROVIDER is test (its checkout marks orders paid with a public test card)',
    );
  if (settings.demoData)
    problems.push('DEMO_DATA is on (demo shoppers sign in with a published password)');
  if (!settings.smtpUrl)
    problems.push(
      'SMTP_URL is not set (sign-up codes, password resets and order mails would not be sent)',
    );
  if (settings.provider === 'stripe' && settings.stripe.secretKey?.startsWith('sk_test_'))
    problems.push(
      "STRIPE_SECRET_KEY is a test key (Stripe's public test cards would pay for orders)",
    );
  if (settings.stripe.apiUrl)
    problems.push('STRIPE_API_URL is set (payments would go to another API than Stripe)');
  if (!settings.publicUrl?.startsWith('https://'))
    problems.push(
      'PUBLIC_URL is not an https:// address (cookies would not be Secure, and mail would link elsewhere)',
    );
  if (settings.picturesUrl !== undefined && !settings.picturesUrl.startsWith('https://'))
    problems.push(
      'S3_PUBLIC_URL is not an https:// address (the pictures of an https shop would be blocked as mixed content)',
    );
  if (!settings.seedAdmin.email && settings.seedAdmin.password)
    problems.push(
      "SEED_ADMIN_EMAIL is not set (SEED_ADMIN_PASSWORD needs the owner's own address)",
    );
  if (settings.seedAdmin.email && !settings.seedAdmin.password)
    problems.push(
      'SEED_ADMIN_PASSWORD is not set (SEED_ADMIN_EMAIL needs it: no password is ever logged)',
    );
  return problems;
}

type TrustProxy = false | number | string[];

/** Named ranges that Fastify's trustProxy (proxy-addr) understands. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset → false; a hop count; or proxy addresses, CIDR ranges and named ranges.
 * Null when the value is none of these; `true` (every address) is refused on purpose.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : null;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  // A /0 range would trust every address: the very thing TRUST_PROXY=true is refused for.
  return /^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= (family === 4 ? 32 : 128);
}
