/**
 * The client's address, on which every per-address limit counts, comes from TRUST_PROXY and
 * never from a header the client writes (DESIGN.md §8). Driven through the sign-up code's
 * limit per client address (LIMITS.sendOtpPerIp): one address rotating X-Forwarded-For must
 * not get a try past it, on one instance or across two.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../src/modules/auth/auth-limits';
import { createTestDatabase, engine, useTestApp, type TestApp } from './helpers';
import { call, startServer } from './server-process';

const allowed = LIMITS.sendOtpPerIp.limit;
let n = 0;
/** A sign-up code request for an address not used before (each address has limits too). */
const askCode = () => ({ email: `proxy.${++n}@example.com` });

/** `allowed + 1` tries from one socket address, each with another X-Forwarded-For. */
async function rotatingTries(t: TestApp, socket: string, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i <= allowed; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      remoteAddress: socket,
      headers: { 'x-forwarded-for': forwardedFor(i) },
      payload: askCode(),
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('the client address without TRUST_PROXY', () => {
  // In production too: a shop behind no proxy, or one not named, must not believe the header.
  const t = useTestApp({ NODE_ENV: 'production', DEMO_MODE: 'on' });

  it('is the socket address: a rotating X-Forwarded-For does not dodge a limit', async () => {
    const statuses = await rotatingTries(t, '10.30.0.1', (i) => `198.51.100.${i + 1}`);
    expect(statuses.slice(0, allowed).every((s) => s !== 429)).toBe(true);
    expect(statuses[allowed]).toBe(429);
  });
});

describe('the client address with TRUST_PROXY', () => {
  const byRange = useTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  const byHops = useTestApp({ TRUST_PROXY: '1' });

  it('is the forwarded address when the socket is a trusted proxy', async () => {
    const statuses = await rotatingTries(byRange, '10.30.0.2', (i) => `198.51.100.${i + 1}`);
    expect(statuses).not.toContain(429);
  });

  it('is the socket address when a client not among the proxies sends the header', async () => {
    const statuses = await rotatingTries(byRange, '203.0.113.50', (i) => `198.51.100.${i + 1}`);
    expect(statuses[allowed]).toBe(429);
  });

  it('with a hop count, ignores what the client wrote before the proxy added its address', async () => {
    // The load balancer appends the address it saw (203.0.113.7) to what the client sent.
    const statuses = await rotatingTries(
      byHops,
      '10.30.0.3',
      (i) => `198.51.100.${i + 1}, 203.0.113.7`,
    );
    expect(statuses[allowed]).toBe(429);
  });
});

describe.skipIf(engine !== 'postgres')('TRUST_PROXY on two instances of one database', () => {
  it(
    'counts one client behind the proxy against one limit, whichever instance it reaches',
    {
      timeout: 120_000,
    },
    async () => {
      const testDb = await createTestDatabase();
      const env = { DATABASE_URL: testDb.url!, TRUST_PROXY: 'loopback' };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      try {
        const statuses: number[] = [];
        for (let i = 0; i <= allowed; i++) {
          const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/auth/send-otp', {
            json: askCode(),
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.8` },
          });
          statuses.push(res.status);
        }
        expect(statuses.slice(0, allowed)).not.toContain(429);
        expect(statuses[allowed]).toBe(429);
      } finally {
        await Promise.all([a.kill(), b.kill()]);
        await testDb.drop();
      }
    },
  );
});
