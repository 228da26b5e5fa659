import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../test/factories';
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
  return render(
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
    </MemoryRouter>,
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
