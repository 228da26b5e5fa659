import { routes, STORAGE_KEYS } from '@otaku/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser, jsonResponse, storeSession } from '../test/factories';
import { ApiError, apiRequest, call, setSessionExpiredHandler } from './api-client';
import { getSession } from './session';

const fetchMock = vi.fn<typeof fetch>();
const onExpired = vi.fn();

const sent = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setSessionExpiredHandler(onExpired);
});

afterEach(() => {
  fetchMock.mockReset();
  onExpired.mockReset();
});

describe('api client', () => {
  it('sends JSON with credentials and the bearer token of the session', async () => {
    storeSession('user', 'abc.def');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, cartItems: [] }));

    const body = await apiRequest('/cart', {
      method: 'POST',
      body: { userId: 'u1' },
      query: { page: 2, skip: undefined },
    });

    expect(body).toEqual({ success: true, cartItems: [] });
    const { url, init, headers } = sent(0);
    expect(url).toBe('/api/cart?page=2');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(headers.get('Authorization')).toBe('Bearer abc.def');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ userId: 'u1' }));
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
    await apiRequest('/product/getProducts');
    expect(sent(0).headers.has('Authorization')).toBe(false);
  });

  it("turns the server's JSON error shape into an ApiError", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { success: false, message: 'This item is out of stock', code: 'OUT_OF_STOCK', stock: 0 },
        409,
      ),
    );
    const error = await apiRequest('/reserveStock', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'This item is out of stock',
      code: 'OUT_OF_STOCK',
      body: { stock: 0 },
    });
  });

  it('on a 401 refreshes once, stores the new token and retries', async () => {
    const user = storeSession('user', 'old-token');
    const refreshedUser = { ...user, username: 'renamed' };
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'expired' }, 401))
      .mockResolvedValueOnce(
        jsonResponse({ success: true, token: 'new-token', user: refreshedUser }),
      )
      .mockResolvedValueOnce(jsonResponse({ success: true, orders: [] }));

    await expect(apiRequest('/order/getOrders')).resolves.toEqual({ success: true, orders: [] });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sent(1).url).toBe('/api/auth/refresh');
    expect(sent(1).init.method).toBe('POST');
    expect(sent(1).init.credentials).toBe('include');
    expect(sent(2).url).toBe('/api/order/getOrders');
    expect(sent(2).headers.get('Authorization')).toBe('Bearer new-token');
    expect(getSession()).toEqual({ user: refreshedUser, token: 'new-token' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('reads the session again when staff are refused, so a demoted admin is no longer staff', async () => {
    const admin = storeSession('admin', 'admin-token');
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ success: false, message: 'Only staff', code: 'FORBIDDEN' }, 403),
      )
      .mockResolvedValueOnce(
        jsonResponse({ success: true, token: 'new-token', user: { ...admin, role: 'user' } }),
      );

    await expect(apiRequest('/order/allOrdersList')).rejects.toMatchObject({ status: 403 });
    expect(sent(1).url).toBe('/api/auth/refresh');
    expect(getSession().user?.role).toBe('user');
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('leaves the session alone when a shopper is refused', async () => {
    storeSession('user', 'user-token');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, message: 'No authority', code: 'FORBIDDEN' }, 403),
    );
    await expect(apiRequest('/user/update/x', { method: 'PUT', body: {} })).rejects.toMatchObject({
      status: 403,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between requests that fail together', async () => {
    storeSession('user', 'old-token');
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/refresh')
        return jsonResponse({ success: true, token: 'new-token', user: createUser() });
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer new-token'
        ? jsonResponse({ success: true, url })
        : jsonResponse({ success: false, message: 'expired' }, 401);
    });

    await Promise.all([apiRequest('/a'), apiRequest('/b')]);
    const refreshCalls = fetchMock.mock.calls.filter(
      ([url]) => String(url) === '/api/auth/refresh',
    );
    expect(refreshCalls).toHaveLength(1);
  });

  it('when the refresh fails, wipes local storage and redirects to /login', async () => {
    window.history.replaceState(null, '', '/cart');
    storeSession('user', 'old-token');
    window.localStorage.setItem(STORAGE_KEYS.cartId, 'user_1');
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ success: false, message: 'Please log in to continue.' }, 401),
      )
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'no refresh' }, 401));

    const error = await apiRequest('/cart').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, message: 'Please log in to continue.' });
    expect(window.localStorage.length).toBe(0);
    expect(getSession().user).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when the retry is refused again, still ends the session', async () => {
    window.history.replaceState(null, '', '/history');
    storeSession('user', 'old-token');
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'expired' }, 401))
      .mockResolvedValueOnce(
        jsonResponse({ success: true, token: 'new-token', user: createUser() }),
      )
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'still no' }, 401));

    await expect(apiRequest('/order/getOrders')).rejects.toBeInstanceOf(ApiError);
    expect(window.localStorage.length).toBe(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it.each(['/login', '/signup', '/auth/google', '/auth/google/success'])(
    'on %s a 401 neither refreshes, wipes storage nor redirects',
    async (pathname) => {
      window.history.replaceState(null, '', pathname);
      storeSession('user', 'old-token');
      fetchMock.mockResolvedValueOnce(
        jsonResponse({ success: false, message: 'Invalid email or password' }, 401),
      );

      await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 401,
        message: 'Invalid email or password',
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('old-token');
      expect(onExpired).not.toHaveBeenCalled();
    },
  );

  describe('call', () => {
    it("sends a declared route's method, fills its path and takes its answer as it is", async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'Updated.' }));
      const body = await call(routes.ordersAdmin.update, {
        params: { id: 'a b/c' },
        body: { status: 'shipped' },
      });
      expect(body).toEqual({ success: true, message: 'Updated.' });
      expect(sent(0).url).toBe('/api/order/update/a%20b%2Fc');
      expect(sent(0).init.method).toBe('PUT');
      expect(sent(0).init.body).toBe(JSON.stringify({ status: 'shipped' }));
    });

    it('downloads a file route as a Blob, with its query', async () => {
      fetchMock.mockResolvedValueOnce(new Response('%PDF', { status: 200 }));
      const file = await call(routes.export.file, {
        params: { type: 'orders' },
        query: { format: 'pdf' },
      });
      expect(await blobText(file)).toBe('%PDF');
      expect(sent(0).url).toBe('/api/export/orders?format=pdf');
      expect(sent(0).init.method).toBe('GET');
    });
  });
});

/**
 * A Blob's text whichever implementation made it: on Node 24 `Response.blob()` builds the
 * environment's (jsdom's, which has no text()), on Node 20 Node's own.
 */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('the Blob could not be read'));
    reader.readAsText(blob);
  });
}
