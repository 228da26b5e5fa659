/**
 * NODE_ENV=production is a live shop unless DEMO_MODE=on (DESIGN.md §8): started as a real
 * process, it refuses to open with anything that would let a stranger in, take no money or
 * send no mail, and says every such variable in one message.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from './server-process';

/** What a live shop needs besides a superAdmin. */
const liveEnv = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:9/',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_live_shop_test',
  PUBLIC_URL: 'https://shop.example.com',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_shop_test',
  DEMO_DATA: '',
};

/** The start-up's error output, or null when it started (and was then stopped). */
async function refusal(env: Record<string, string>): Promise<string | null> {
  try {
    const server = await startServer(env);
    await server.kill();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a live shop (NODE_ENV=production)', { timeout: 120_000 }, () => {
  it('does not start with the demo features on, naming each variable in one message', async () => {
    const message = await refusal({
      NODE_ENV: 'production',
      RECRUITER_SIGNUP: 'on',
      PAYMENT_PROVIDER: 'test',
      DEMO_DATA: 'on',
    });
    expect(message).toMatch(
      /A live shop \(NODE_ENV=production without DEMO_MODE=on\) does not start/,
    );
    for (const name of ['RECRUITER_SIGNUP', 'PAYMENT_PROVIDER', 'DEMO_DATA', 'SMTP_URL'])
      expect(message).toContain(name);
  });

  it('does not start with JWT_SECRET alone, which once opened the recruiter page', async () => {
    const message = await refusal({ NODE_ENV: 'production', DEMO_DATA: '' });
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('STRIPE_SECRET_KEY');
  });

  it('does not start without a superAdmin, and never makes up a password', async () => {
    const message = await refusal(liveEnv);
    expect(message).toMatch(/does not start without a superAdmin/);
    expect(message).toContain('npm run admin:create');
  });

  it('starts with everything set: its owner signs in, and no dev outbox answers', async () => {
    const server = await startServer({
      ...liveEnv,
      SEED_ADMIN_EMAIL: 'owner@example.org',
      SEED_ADMIN_PASSWORD: 'a-long-owner-password',
    });
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.org', password: 'a-long-owner-password' }),
      });
      expect(login.status).toBe(200);
      const body = (await login.json()) as { user: { role: string } };
      expect(body.user.role).toBe('superAdmin');
      expect((await fetch(`${server.url}/api/dev/outbox`)).status).toBe(404);
    } finally {
      await server.kill();
    }
  });
});
