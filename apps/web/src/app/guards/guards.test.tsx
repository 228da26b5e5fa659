import { VALIDATION } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  type InitialEntry,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui';
import { fakeApi, ok, sessionBody } from '../../features/auth/testing/auth-test-kit';
import { LoginRoute } from '../../features/auth/routes/login-route';
import { clearSession } from '../../lib/session';
import { loadToastLibrary, toast } from '../../lib/toast';
import { storeSession, toastsTitled } from '../../test/factories';
import { GuestOnly } from './guest-only';
import { RequireAuth } from './require-auth';
import { RequireStaff } from './require-staff';

function LoginProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <>
      <h1>Login screen</h1>
      <p data-testid="from">{JSON.stringify(location.state)}</p>
      <p data-testid="navigation">{navigationType}</p>
    </>
  );
}

function renderAt(path: string) {
  // Toasts live in a module-wide store that replays active ones to a new outlet: start clean.
  void loadToastLibrary();
  toast.dismiss();
  return render(
    // Development's double effects must not tell a visitor twice.
    <StrictMode>
      <Toaster variant="shop" />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<h1>Home screen</h1>} />
          <Route path="/login" element={<LoginProbe />} />
          <Route element={<RequireAuth />}>
            <Route path="/cart" element={<h1>Cart screen</h1>} />
            <Route path="/history" element={<h1>History screen</h1>} />
          </Route>
          <Route
            path="/dashboard/*"
            element={<RequireStaff>{<h1>Dashboard screen</h1>}</RequireStaff>}
          />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('RequireAuth', () => {
  it('sends a guest to /login, replacing history and passing the original location', () => {
    renderAt('/cart?step=2#summary');
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(screen.queryByText('Cart screen')).not.toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('from').textContent ?? 'null')).toEqual({
      from: { pathname: '/cart', search: '?step=2', hash: '#summary' },
    });
    expect(screen.getByTestId('navigation')).toHaveTextContent('REPLACE');
  });

  it('tells a guest who opens /history to log in, once, on the way to /login', async () => {
    renderAt('/history');
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('from').textContent ?? 'null')).toEqual({
      from: { pathname: '/history', search: '', hash: '' },
    });
    expect(await screen.findByText(VALIDATION.historyLoginRequired)).toBeInTheDocument();
    // Not one on screen and another waiting its turn (the shop shows one toast at a time).
    expect(await toastsTitled(VALIDATION.historyLoginRequired)).toHaveLength(1);
  });

  it('says nothing to a guest turned away from /cart or the dashboard', () => {
    const shown = vi.spyOn(toast, 'error');
    renderAt('/cart');
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    renderAt('/dashboard/orders');
    expect(screen.getAllByRole('heading', { name: 'Login screen' })).toHaveLength(2);
    expect(shown).not.toHaveBeenCalled();
  });

  it('says nothing to a visitor who signs out on /history', () => {
    storeSession('user');
    const shown = vi.spyOn(toast, 'error');
    renderAt('/history');
    act(() => clearSession());
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(shown).not.toHaveBeenCalled();
  });

  it('shows the screen to a signed-in user', () => {
    storeSession('user');
    renderAt('/history');
    expect(screen.getByRole('heading', { name: 'History screen' })).toBeInTheDocument();
  });
});

describe('RequireStaff', () => {
  it('sends a guest to /login with the dashboard location', () => {
    renderAt('/dashboard/orders');
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(screen.getByTestId('from')).toHaveTextContent('/dashboard/orders');
  });

  it('sends a signed-in shopper without a staff role home', () => {
    storeSession('user');
    renderAt('/dashboard/users');
    expect(screen.getByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(screen.queryByText('Dashboard screen')).not.toBeInTheDocument();
  });

  it.each(['admin', 'superAdmin'] as const)('lets %s in', (role) => {
    storeSession(role);
    renderAt('/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
  });
});

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

/** The real login page behind its guard, with `entries` as the browser's history. */
function renderLogin(entries: InitialEntry[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/" element={<h1>Home screen</h1>} />
          <Route element={<GuestOnly />}>
            <Route path="/login" element={<LoginRoute />} />
            <Route path="/signup" element={<h1>Signup screen</h1>} />
          </Route>
          <Route element={<RequireAuth />}>
            <Route path="/cart" element={<h1>Cart screen</h1>} />
            <Route path="/history" element={<h1>History screen</h1>} />
          </Route>
        </Routes>
        <BackButton />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cameFrom = (pathname: string) => ({
  pathname: '/login',
  state: { from: { pathname, search: '', hash: '' } },
});

describe('GuestOnly', { timeout: 20_000 }, () => {
  it('after signing in, Back to an earlier login form goes on to where that login was going', async () => {
    // Sent to /login from /cart, then from /history; signed in on the second.
    fakeApi({ 'POST /api/auth/login': ok(sessionBody()) });
    renderLogin([cameFrom('/cart'), cameFrom('/history')]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'mika@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'History screen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByRole('heading', { name: 'Cart screen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('sends a signed-in visitor from /login or /signup home when they were going nowhere', () => {
    storeSession('user');
    renderLogin(['/signup']);
    expect(screen.getByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    renderLogin(['/login']);
    expect(screen.getAllByRole('heading', { name: 'Home screen' })).toHaveLength(2);
  });

  it('shows a guest the login form', () => {
    fakeApi({});
    renderLogin([cameFrom('/cart')]);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
