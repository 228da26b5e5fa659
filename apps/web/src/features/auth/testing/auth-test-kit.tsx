/**
 * Test helpers of the auth screens: a fake API answering by "METHOD /api/path", and the
 * screens mounted among probe pages with the toast outlet, as the app shows them.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { loadToastLibrary, toast } from '../../../lib/toast';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui';
import { notFromTheServer, stubApi, type RecordedCall } from '../../../test/api-stub';
import { jsonResponse } from '../../../test/factories';

export type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces fetch (test/api-stub.ts): each call is answered by the handler of its method and
 * path, checked against the endpoint's response schema.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const api = stubApi(
    Object.fromEntries(
      Object.entries(handlers).map(([key, handler]) => [
        key,
        (call: RecordedCall) => handler(call.body, call.init),
      ]),
    ),
    {
      otherwise: (call) =>
        jsonResponse({ success: false, message: `unexpected ${call.endpoint}` }, 500),
    },
  );
  const calls = () => api.calls.map((c) => ({ key: c.endpoint, body: c.body }));
  return {
    get calls() {
      return calls();
    },
    fetchMock: api.fetch,
    called: (key: string) => calls().filter((c) => c.key === key),
  };
}

export const ok =
  (body: object, status = 200): Handler =>
  () =>
    jsonResponse({ success: true, ...body }, status);
/**
 * A refusal with the server's message; without one, a failure the shop's server never sends
 * itself (it always says why), such as a proxy's error page: what the screens' fallbacks are for.
 */
export const fail =
  (status: number, message?: string, extra: object = {}): Handler =>
  () =>
    message
      ? jsonResponse({ success: false, message, ...extra }, status)
      : notFromTheServer(
          new Response('<html><body>Error</body></html>', {
            status,
            headers: { 'Content-Type': 'text/html' },
          }),
          'a proxy in front of the shop',
        );
export const networkDown: Handler = () => Promise.reject(new TypeError('Failed to fetch'));

function Probe({ name }: { name: string }) {
  const location = useLocation();
  return <h1>{`${name} screen ${location.search}`.trim()}</h1>;
}

/** Mounts `ui` at `path` beside probe pages for home and login. */
export function renderScreen(
  ui: ReactElement,
  path: string,
  route: string | { pathname: string; search?: string; state?: unknown } = path,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Toasts live in a module-wide store that replays active ones to a new outlet: start clean.
  // The outlet's library is loaded up front, so a screen's first toast shows at once and the
  // timed redirects that follow a toast are measured from the toast, not from loading it.
  void loadToastLibrary();
  toast.dismiss();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="/" element={<Probe name="Home" />} />
          {path === '/login' ? null : <Route path="/login" element={<Probe name="Login" />} />}
          <Route path="/cart" element={<Probe name="Cart" />} />
        </Routes>
      </MemoryRouter>
      <Toaster variant="shop" />
    </QueryClientProvider>,
  );
}

export const sessionBody = (overrides: object = {}) => ({
  token: 'fresh-token',
  message: 'Logged in successfully!',
  user: {
    _id: 'u1',
    id: 'u1',
    username: 'Mika',
    email: 'mika@example.test',
    role: 'user',
    profilePic: null,
    googleId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  },
});

/** A user-event typist for screens under fake timers that still advance on their own. */
export const typist = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/**
 * Mounts a screen of e-mailed codes (sign-up, password reset) at `path`, sends a code to
 * `email` and waits for the code step.
 */
export async function toCodeStep(
  ui: ReactElement,
  path: string,
  email: string,
  handlers: Record<string, Handler>,
) {
  const api = fakeApi(handlers);
  renderScreen(ui, path);
  const user = typist();
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByLabelText('Code');
  return { api, user };
}
