import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers';
import { buildApp } from '../app';

const lines: Array<Record<string, unknown>> = [];
const t = {} as { app: FastifyInstance; db: TestDatabase };

beforeAll(async () => {
  t.db = await createTestDatabase();
  const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const config = testConfig({ LOG_LEVEL: 'info' });
  t.app = await buildApp({ config, database: t.db.database, logStream });
  await t.app.ready();
});

afterAll(async () => {
  await t.app?.close();
  await t.db?.drop();
});

describe('the request log', () => {
  it('writes one line per request, when its answer has gone out', async () => {
    lines.length = 0;
    const answered = await t.app.inject({ url: '/api/health', remoteAddress: '10.1.2.3' });
    const missing = await t.app.inject({ url: '/api/no-such-call?x=1' });
    expect([answered.statusCode, missing.statusCode]).toEqual([200, 404]);

    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/api/health',
        statusCode: 200,
        ip: '10.1.2.3',
        reqId: expect.any(String),
        ms: expect.any(Number),
      }),
      expect.objectContaining({ url: '/api/no-such-call?x=1', statusCode: 404 }),
    ]);
    expect(lines.map((line) => line.msg)).not.toContain('incoming request');
    expect(lines.map((line) => line.msg)).not.toContain('request completed');
  });

  it('keeps a signed token in the address out of the log', async () => {
    lines.length = 0;
    const secret = 'user-id.signature-value';
    await t.app.inject({
      method: 'POST',
      url: `/api/stock-alerts/unsubscribe?token=${secret}`,
    });
    await t.app.inject({ url: `/alerts/unsubscribe?x=1&token=${secret}` });
    const urls = lines.filter((line) => line.msg === 'request').map((line) => line.url);
    expect(urls).toEqual([
      '/api/stock-alerts/unsubscribe?token=[redacted]',
      '/alerts/unsubscribe?x=1&token=[redacted]',
    ]);
    expect(JSON.stringify(lines)).not.toContain('signature-value');
  });
});
