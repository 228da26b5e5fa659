import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers';
import { buildApp } from '../app';
import { AppError } from '../lib/errors';

const t = {} as { app: FastifyInstance; db: TestDatabase };

beforeAll(async () => {
  t.db = await createTestDatabase();
  t.app = await buildApp({ config: testConfig(), database: t.db.database });
  // Probe routes that fail in each way the handler must map.
  const probe = t.app.withTypeProvider<ZodTypeProvider>();
  probe.post('/probe/validate', { schema: { body: bodySchema } }, async () => ({ success: true }));
  probe.get('/probe/conflict', async () => {
    throw new AppError(409, 'Taken', 'CONFLICT', undefined, { stock: 0 });
  });
  probe.get('/probe/crash', async () => {
    throw new Error('select * from users where password_hash = ...');
  });
  probe.get('/probe/db-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  probe.get('/probe/item/:id', async () => ({ success: true }));
  probe.get('/probe/bad-value', async () => {
    const pgError = Object.assign(new Error('invalid input syntax for type uuid: "x"'), {
      code: '22P02',
    });
    throw Object.assign(new Error('Failed query: select ...'), { cause: pgError });
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.app.close();
  await t.db.drop();
});

const bodySchema = z.object({
  email: z.email(),
  quantity: z.number().int().min(1),
  address: z.string().trim().min(1, 'Please enter a delivery address'),
});

describe('the error handler', () => {
  it('names the field of a failed validation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/validate',
      payload: { email: 'a@b.co', quantity: 1.5, address: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'quantity must be a whole number',
      code: 'VALIDATION',
      field: 'quantity',
    });
  });

  it('shows a product message as it is', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/validate',
      payload: { email: 'a@b.co', quantity: 1, address: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a delivery address');
  });

  it('reports a missing field as required', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/probe/validate', payload: {} });
    expect(res.json().message).toBe('email is required');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('maps an AppError to its status and code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/probe/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Taken', code: 'CONFLICT', stock: 0 });
  });

  it('never leaks the details of an unexpected error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/probe/crash' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      success: false,
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    expect(res.body).not.toContain('select');
  });

  it('answers a value the database rejects with 400, without the SQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/probe/bad-value' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'The request contains a value that is not valid.',
      code: 'VALIDATION',
    });
  });

  it('answers an over-long path parameter in the same JSON shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/probe/item/${'x'.repeat(5000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(res.body).not.toContain('xxxx');
  });

  it('answers 503 when the database is unreachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/probe/db-down' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('UNAVAILABLE');
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('TOO_LARGE');
  });
});
