import { describe, expect, it } from 'vitest';
import { notFromTheServer, stubApi, takeStubMismatches } from './api-stub';
import { cartResponse } from './checkout-fixtures';
import { jsonResponse } from './factories';

describe('the API stub', () => {
  it('answers a call by its endpoint, path parameters included, and records it', async () => {
    const product = { success: true, product: { productID: 'COM-1' } };
    const api = stubApi({
      'GET /api/product/:productID': (call) =>
        notFromTheServer(
          jsonResponse({ ...product, path: call.path }),
          'only the routing is tested',
        ),
      'POST /api/cart': () => jsonResponse(cartResponse([])),
    });
    const answer = await fetch('/api/product/COM-1');
    expect(await answer.json()).toMatchObject({ path: '/api/product/COM-1' });
    await fetch('/api/cart', { method: 'POST', body: JSON.stringify({ userId: 'u1' }) });
    expect(api.of('GET /api/product/:productID')).toHaveLength(1);
    expect(api.of('POST /api/cart')[0]!.body).toEqual({ userId: 'u1' });
  });

  it('takes a literal path over a path parameter, as the server does', async () => {
    const api = stubApi({
      'GET /api/product/:productID': () =>
        jsonResponse({ success: false, message: 'Product not found.' }, 404),
      'GET /api/product/lowStock': () => jsonResponse({ success: true, threshold: 5, items: [] }),
    });
    const answer = await fetch('/api/product/lowStock');
    expect(await answer.json()).toMatchObject({ threshold: 5 });
    expect(api.of('GET /api/product/lowStock')).toHaveLength(1);
  });

  it('fails a call whose stubbed body the server would never send, naming the endpoint and the problem', async () => {
    stubApi({
      'POST /api/order/placeOrder': () =>
        jsonResponse({ success: true, message: 'ok', order: {} }, 201),
      'DELETE /api/cart/remove': () => jsonResponse({ success: false }, 500),
    });
    await expect(fetch('/api/order/placeOrder', { method: 'POST' })).rejects.toThrow(
      /The stub of POST \/api\/order\/placeOrder answered 201 .*\n[\s\S]*order\.orderID/,
    );
    await expect(fetch('/api/cart/remove', { method: 'DELETE' })).rejects.toThrow(
      /DELETE \/api\/cart\/remove answered 500[\s\S]*at message/,
    );
    // The test setup fails the test that had them; here they are the point.
    expect(takeStubMismatches()).toHaveLength(2);
  });

  it('refuses a handler for an endpoint it has no schema for', () => {
    expect(() => stubApi({ 'GET /api/nothing': () => jsonResponse({}) })).toThrow(
      /No response schema for GET \/api\/nothing/,
    );
  });
});
