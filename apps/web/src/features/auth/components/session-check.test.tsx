import { STORAGE_KEYS, VALIDATION } from '@otaku/shared';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { storeSession } from '../../../test/factories';
import { fail, fakeApi, ok, sessionBody } from '../testing/auth-test-kit';
import { SessionCheck } from './session-check';

const mount = (path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionCheck />
    </MemoryRouter>,
  );

describe('SessionCheck', () => {
  it('asks nothing when nobody is stored', () => {
    const api = fakeApi({});
    mount();
    expect(api.calls).toHaveLength(0);
  });

  it('refreshes the stored user from the server (a changed role counts)', async () => {
    storeSession(sessionBody({ role: 'admin' }).user as never);
    fakeApi({ 'GET /api/auth/verify': ok({ user: sessionBody({ role: 'user' }).user }) });
    mount();
    await waitFor(() => expect(getSession().user?.role).toBe('user'));
  });

  it('on a 401 restores the session from the cookie', async () => {
    storeSession('user', 'expired-token');
    const api = fakeApi({
      'GET /api/auth/verify': fail(401),
      'POST /api/auth/refresh': ok(sessionBody()),
    });
    mount();
    await waitFor(() => expect(getSession().token).toBe('fresh-token'));
    expect(api.called('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('clears the user and wipes local storage when that fails too', async () => {
    storeSession('user', 'expired-token');
    window.localStorage.setItem(STORAGE_KEYS.cartId, 'user_1');
    fakeApi({ 'GET /api/auth/verify': fail(401), 'POST /api/auth/refresh': fail(401) });
    mount();
    await waitFor(() => expect(window.localStorage.length).toBe(0));
    expect(getSession().user).toBeNull();
  });

  it('says why on purchase history when it wipes the session there, and nowhere else', async () => {
    const shown = vi.spyOn(toast, 'error');
    fakeApi({ 'GET /api/auth/verify': fail(401), 'POST /api/auth/refresh': fail(401) });
    storeSession('user', 'expired-token');
    const { unmount } = mount('/cart');
    await waitFor(() => expect(getSession().user).toBeNull());
    unmount();
    expect(shown).not.toHaveBeenCalled();

    storeSession('user', 'expired-token');
    mount('/history');
    await waitFor(() => expect(getSession().user).toBeNull());
    expect(shown).toHaveBeenCalledWith(VALIDATION.historyLoginRequired, expect.anything());
  });

  it('keeps the session when the server cannot be reached', async () => {
    storeSession('user');
    const api = fakeApi({ 'GET /api/auth/verify': fail(503, 'down') });
    mount();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(getSession().user).not.toBeNull();
  });

  it('leaves the Google completion page to sign in by itself', () => {
    storeSession('user');
    const api = fakeApi({});
    mount('/auth/google/success');
    expect(api.calls).toHaveLength(0);
  });
});
