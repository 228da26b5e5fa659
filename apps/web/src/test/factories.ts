import { STORAGE_KEYS, type Role } from '@otaku/shared';
import type { SessionUser } from '../lib/session';

let sequence = 0;

export function createUser(overrides: Partial<SessionUser> = {}): SessionUser {
  sequence += 1;
  return {
    _id: `user-${sequence}`,
    username: `fan${sequence}`,
    email: `fan${sequence}@example.test`,
    role: 'user',
    ...overrides,
  };
}

/** Puts a signed-in user into localStorage the way the app stores one. */
export function storeSession(role: Role | SessionUser = 'user', token = 'token-1'): SessionUser {
  const user = typeof role === 'string' ? createUser({ role }) : role;
  window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
  window.localStorage.setItem(STORAGE_KEYS.authToken, token);
  return user;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The toasts shown or waiting their turn with this title (the shop shows one at a time). */
export async function toastsTitled(title: string) {
  const { toast } = await import('sonner');
  return toast.getToasts().filter((t) => 'title' in t && t.title === title);
}
