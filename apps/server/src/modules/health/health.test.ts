import { describe, expect, it } from 'vitest';
import { engine, useTestApp } from '../../../test/helpers';

const t = useTestApp();

describe('GET /api/health', () => {
  it('reports the database as ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      status: 'ok',
      database: { engine, ok: true },
    });
  });

  it('answers 503 when the database does not', async () => {
    const ping = t.database.ping;
    t.database.ping = () =>
      Promise.reject(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        status: 'degraded',
        database: { ok: false },
      });
    } finally {
      t.database.ping = ping;
    }
  });
});

describe('unknown API routes', () => {
  it('answer the JSON error shape with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found.', code: 'NOT_FOUND' });
  });
});
