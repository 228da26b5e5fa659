/**
 * The signed-in user, kept in localStorage under the spec's keys (userInfo, authToken) and read
 * through useSyncExternalStore, so every component and the API client see the same session and
 * other tabs follow along through the `storage` event.
 */
import { ROLES, STORAGE_KEYS, type Role } from '@otaku/shared';
import { useSyncExternalStore } from 'react';
import { storage } from './storage';

export interface SessionUser {
  _id: string;
  username: string;
  email: string;
  role: Role;
  profilePic?: string | null;
  googleId?: string | null;
}

export interface Session {
  user: SessionUser | null;
  token: string | null;
}

const optionalString = (value: unknown) =>
  value === undefined || value === null || typeof value === 'string';

/** The validity check a stored or returned user must pass (spec §4, Session). */
export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user._id === 'string' &&
    user._id.length > 0 &&
    typeof user.username === 'string' &&
    typeof user.email === 'string' &&
    (ROLES as readonly unknown[]).includes(user.role) &&
    optionalString(user.profilePic) &&
    optionalString(user.googleId)
  );
}

/** Keys that survive when a different person signs in on this browser (spec §4, Session). */
const KEPT_ON_USER_SWITCH: readonly string[] = [
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.authToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.rememberedEmail,
];

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

let cached: { rawUser: string | null; rawToken: string | null; session: Session } | null = null;

/** The current session; the same object until storage changes (a stable snapshot). */
export function getSession(): Session {
  const rawUser = storage.get(STORAGE_KEYS.userInfo);
  const rawToken = storage.get(STORAGE_KEYS.authToken);
  if (cached && cached.rawUser === rawUser && cached.rawToken === rawToken) return cached.session;
  const parsed = storage.getJSON(STORAGE_KEYS.userInfo);
  const session: Session = {
    user: isSessionUser(parsed) ? parsed : null,
    token: rawToken && rawToken.length > 0 ? rawToken : null,
  };
  cached = { rawUser, rawToken, session };
  return session;
}

/**
 * Stores the signed-in user and, when given, the token. A user whose email differs from the
 * remembered one first clears everything another person left behind (cart id, address, ...).
 */
export function setSession(user: SessionUser, token?: string | null): void {
  const remembered = storage.get(STORAGE_KEYS.rememberedEmail);
  if (remembered !== null && remembered !== user.email) {
    for (const key of storage.keys()) {
      if (!KEPT_ON_USER_SWITCH.includes(key)) storage.remove(key);
    }
  }
  storage.setJSON(STORAGE_KEYS.userInfo, user);
  storage.set(STORAGE_KEYS.rememberedEmail, user.email);
  if (token) storage.set(STORAGE_KEYS.authToken, token);
  notify();
}

/** Replaces only the access token (after a refresh). */
export function setAuthToken(token: string): void {
  storage.set(STORAGE_KEYS.authToken, token);
  notify();
}

/** Signs out locally: the spec wipes all of local storage on logout and on an expired session. */
export function clearSession(): void {
  storage.clear();
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.userInfo ||
      event.key === STORAGE_KEYS.authToken
    )
      listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const signedOut: Session = { user: null, token: null };

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, () => signedOut);
}
