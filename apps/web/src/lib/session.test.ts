import { STORAGE_KEYS } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { clearSession, getSession, isSessionUser, setSession } from './session';

describe('session store', () => {
  it('reads nothing from empty or broken storage', () => {
    expect(getSession()).toEqual({ user: null, token: null });
    window.localStorage.setItem(STORAGE_KEYS.userInfo, '{not json');
    expect(getSession().user).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ _id: 'x', role: 'boss' }));
    expect(getSession().user).toBeNull();
  });

  it('stores the user and token under the shared keys and returns a stable snapshot', () => {
    const user = createUser({ role: 'admin', profilePic: null });
    setSession(user, 'jwt');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo) ?? '')).toEqual(user);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('jwt');
    expect(getSession()).toBe(getSession());
    expect(getSession()).toEqual({ user, token: 'jwt' });
  });

  it('clears what another person left behind when a different email signs in', () => {
    setSession(createUser({ email: 'first@example.test' }), 'one');
    window.localStorage.setItem(STORAGE_KEYS.cartId, 'user_1');
    window.localStorage.setItem(STORAGE_KEYS.deliveryAddress, '1 Main St');

    setSession(createUser({ email: 'first@example.test' }), 'two');
    expect(window.localStorage.getItem(STORAGE_KEYS.cartId)).toBe('user_1');

    const second = createUser({ email: 'second@example.test' });
    setSession(second, 'three');
    expect(window.localStorage.getItem(STORAGE_KEYS.cartId)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.deliveryAddress)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBe(second.email);
    expect(getSession()).toEqual({ user: second, token: 'three' });
  });

  it('wipes local storage on clear', () => {
    setSession(createUser(), 'jwt');
    window.localStorage.setItem(STORAGE_KEYS.cartId, 'guest-1');
    clearSession();
    expect(window.localStorage.length).toBe(0);
    expect(getSession()).toEqual({ user: null, token: null });
  });

  it('validates the shape of a user', () => {
    expect(isSessionUser(createUser())).toBe(true);
    expect(isSessionUser({ ...createUser(), role: 'owner' })).toBe(false);
    expect(isSessionUser({ ...createUser(), _id: '' })).toBe(false);
    expect(isSessionUser({ ...createUser(), profilePic: 42 })).toBe(false);
    expect(isSessionUser(null)).toBe(false);
  });
});
