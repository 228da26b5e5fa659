import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_POOL_SIZE, loadConfig } from './config';

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
});
