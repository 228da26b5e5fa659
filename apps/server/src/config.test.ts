import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_POOL_SIZE, loadConfig, loadDatabaseConfig } from './config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'otaku-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      databasePoolSize: DEFAULT_POOL_SIZE,
      payments: { provider: 'test' },
      google: null,
      recruiterSignup: true,
      demoData: true,
      demo: true,
      trustProxy: false,
      reservationTtlMinutes: 30,
      maxUnitsPerItem: 10,
      maxUnitsPerCart: 30,
      reservationMaxMinutes: 120,
      reservationsPerMinutePerAccount: 60,
      reservationsPerMinutePerAddress: 300,
      logLevel: 'info',
    });
  });

  it('takes the fair-stock ceilings and reservation limits from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      MAX_UNITS_PER_ITEM: '99',
      MAX_UNITS_PER_CART: '200',
      RESERVATION_MAX_MINUTES: '45',
      RESERVATIONS_PER_MINUTE_PER_ACCOUNT: '20',
      RESERVATIONS_PER_MINUTE_PER_ADDRESS: '1000',
    });
    expect(config).toMatchObject({
      maxUnitsPerItem: 99,
      maxUnitsPerCart: 200,
      reservationMaxMinutes: 45,
      reservationsPerMinutePerAccount: 20,
      reservationsPerMinutePerAddress: 1000,
    });
  });

  it('keeps two connections to PostgreSQL per core and one more, unless told otherwise', () => {
    expect(DEFAULT_POOL_SIZE).toBe(2 * os.availableParallelism() + 1);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_POOL_SIZE', '0'],
    ['PAYMENT_PROVIDER', 'paypal'],
    ['RECRUITER_SIGNUP', 'maybe'],
    ['RESERVATION_TTL_MINUTES', '0'],
    ['MAX_UNITS_PER_ITEM', '0'],
    // A cart line holds at most 99 units (MAX_LINE_QUANTITY), whatever the shop sets.
    ['MAX_UNITS_PER_ITEM', '100'],
    ['MAX_UNITS_PER_ITEM', '2.5'],
    ['MAX_UNITS_PER_CART', '0'],
    ['MAX_UNITS_PER_CART', '10001'],
    ['MAX_UNITS_PER_CART', 'thirty'],
    ['RESERVATION_MAX_MINUTES', '0'],
    ['RESERVATION_MAX_MINUTES', '10081'],
    ['RESERVATIONS_PER_MINUTE_PER_ACCOUNT', '0'],
    ['RESERVATIONS_PER_MINUTE_PER_ADDRESS', '-5'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'short'],
    ['SEED_ADMIN_EMAIL', 'nobody'],
    ['DEMO_MODE', 'yes'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '0'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.example.com'],
    ['TRUST_PROXY', '0.0.0.0/0'],
    ['TRUST_PROXY', '::/0'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(
      expect.objectContaining({ name: 'ConfigError', message: expect.stringContaining(name) }),
    );
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(ConfigError);
  });

  it('requires both Stripe keys for the stripe provider', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('generates a development JWT secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('enables Google sign-in only with both client id and secret', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuerUrl: 'https://accounts.google.com',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_SECRET/,
    );
  });

  it('reads TRUST_PROXY as a hop count or as proxy addresses and ranges', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value });
    expect(trust('2').trustProxy).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1, fd00::/8, loopback').trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    // Production alone trusts no proxy: X-Forwarded-For is the client's to write.
    const live = loadConfig({ ...liveShop(), DATA_DIR: dataDir() });
    expect(live.trustProxy).toBe(false);
  });

  it('keeps pictures on the disk unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeNull();
    const minio = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'shop-pictures',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_PUBLIC_URL: 'https://cdn.example.com/pictures/',
    });
    expect(minio.s3).toEqual({
      bucket: 'shop-pictures',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/pictures',
    });
    const aws = loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'shop', S3_REGION: 'eu-west-3' });
    expect(aws.s3).toMatchObject({
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
    });
    const hosted = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'shop',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'off',
    });
    expect(hosted.s3?.forcePathStyle).toBe(false);
  });

  it('refuses S3 settings that cannot work, naming the variable', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load({ S3_BUCKET: 'Not_A_Bucket', S3_REGION: 'eu-west-3' })).toThrow(
      /S3_BUCKET must be a bucket name/,
    );
    expect(load({ S3_BUCKET: 'shop', S3_ENDPOINT: 'ftp://files.example.com' })).toThrow(
      /S3_ENDPOINT must be an http/,
    );
    expect(load({ S3_BUCKET: 'shop', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(load({ S3_BUCKET: 'shop', S3_REGION: 'eu-west-3', S3_PUBLIC_URL: 'cdn' })).toThrow(
      /S3_PUBLIC_URL must be an http/,
    );
    expect(load({ S3_BUCKET: 'shop' })).toThrow(/S3_REGION is required with S3_BUCKET/);
    expect(
      load({ S3_BUCKET: 'shop', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(load({ S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(
      /S3_PUBLIC_URL is set without S3_BUCKET/,
    );
    expect(load({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_ENDPOINT is set without S3_BUCKET/,
    );
  });
});

/** Everything a live shop needs. */
const liveShop = () => ({
  NODE_ENV: 'production',
  JWT_SECRET: 'a-live-secret-a-live-secret-a-live-secret',
  SMTP_URL: 'smtp://mail.example.com:587',
  STRIPE_SECRET_KEY: 'sk_live_x',
  PUBLIC_URL: 'https://shop.example.com',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
});

describe('loadConfig for a live shop (NODE_ENV=production without DEMO_MODE=on)', () => {
  it('starts with what a live shop needs, every demo feature off by default', () => {
    const config = loadConfig({ ...liveShop(), DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      demo: false,
      recruiterSignup: false,
      demoData: false,
      payments: { provider: 'stripe', secretKey: 'sk_live_x', webhookSecret: 'whsec_x' },
    });
  });

  it('refuses to start, in one message naming every offending variable', () => {
    const attempt = () =>
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir(),
        JWT_SECRET: 'a-live-secret-a-live-secret-a-live-secret',
        RECRUITER_SIGNUP: 'on',
        PAYMENT_PROVIDER: 'test',
        DEMO_DATA: 'on',
        SEED_ADMIN_EMAIL: 'owner@example.com',
      });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
    })()!;
    for (const name of [
      'RECRUITER_SIGNUP',
      'PAYMENT_PROVIDER',
      'DEMO_DATA',
      'SMTP_URL',
      'SEED_ADMIN_PASSWORD',
    ])
      expect(message).toContain(name);
    expect(message).toMatch(/^A live shop \(NODE_ENV=production without DEMO_MODE=on\)/);
  });

  it.each([
    ['RECRUITER_SIGNUP', 'on'],
    ['PAYMENT_PROVIDER', 'test'],
    ['DEMO_DATA', 'on'],
    ['SMTP_URL', ''],
    ['JWT_SECRET', ''],
    ['STRIPE_SECRET_KEY', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'],
    ['STRIPE_API_URL', 'http://127.0.0.1:12111'],
    ['PUBLIC_URL', 'http://shop.example.com'],
    ['PUBLIC_URL', ''],
    ['SEED_ADMIN_PASSWORD', 'an-owner-password'],
  ])('refuses %s=%j alone', (name, value) => {
    expect(() => loadConfig({ ...liveShop(), DATA_DIR: dataDir(), [name]: value })).toThrow(
      expect.objectContaining({ name: 'ConfigError', message: expect.stringContaining(name) }),
    );
  });

  it('refuses pictures served over plain http, and takes them over https', () => {
    const bucket = { S3_BUCKET: 'pictures', S3_REGION: 'eu-west-1' };
    expect(() =>
      loadConfig({
        ...liveShop(),
        ...bucket,
        DATA_DIR: dataDir(),
        S3_PUBLIC_URL: 'http://cdn.example.com',
      }),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringContaining('S3_PUBLIC_URL is not an https'),
      }),
    );
    const config = loadConfig({
      ...liveShop(),
      ...bucket,
      DATA_DIR: dataDir(),
      S3_PUBLIC_URL: 'https://cdn.example.com',
    });
    expect(config.s3?.publicUrl).toBe('https://cdn.example.com');
  });

  it('keeps the demo features for a public demo (DEMO_MODE=on)', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DEMO_MODE: 'on',
      DATA_DIR: dataDir(),
      JWT_SECRET: 'a-demo-secret-a-demo-secret-a-demo-secret',
    });
    expect(config).toMatchObject({
      demo: true,
      isProduction: true,
      recruiterSignup: true,
      demoData: true,
      payments: { provider: 'test' },
    });
  });

  it('reads the database settings alone for commands beside the shop', () => {
    const dir = dataDir();
    expect(
      loadDatabaseConfig({
        NODE_ENV: 'production',
        DATA_DIR: dir,
        DATABASE_URL: 'postgres://db/shop',
      }),
    ).toEqual({ dataDir: dir, databaseUrl: 'postgres://db/shop' });
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
