import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setPrice, setSort } from './shop-state';
import { useShopState } from './use-shop-state';

const inRouter = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/shop?category=clothes']}>{children}</MemoryRouter>
);

const renderShopState = () =>
  renderHook(
    () => {
      const [state, update] = useShopState();
      return { state, update, location: useLocation(), navigate: useNavigate() };
    },
    { wrapper: inRouter },
  );

describe('useShopState', () => {
  it('builds each change on the one before it, even when the page has not drawn it yet', () => {
    const { result } = renderShopState();
    // The slider is let go and the sort chosen before the page draws the slider's change: the
    // sort must not bring the old price back.
    act(() => {
      const { update } = result.current;
      update((s) => setPrice(s, 30));
      update((s) => setSort(s, 'price-low'));
    });
    expect(result.current.location.search).toBe('?category=clothes&price=30&sort=price-low');
    expect(result.current.state).toMatchObject({ price: 30, sortBy: 'price-low' });
  });

  it('builds on the page Back returns to, not on the change it undid', () => {
    const { result } = renderShopState();
    act(() => result.current.update((s) => setPrice(s, 30)));
    act(() => result.current.update((s) => setSort(s, 'price-low')));
    act(() => result.current.navigate(-2));
    expect(result.current.location.search).toBe('?category=clothes');
    act(() => result.current.update((s) => setPrice(s, 20)));
    expect(result.current.location.search).toBe('?category=clothes&price=20');
  });
});
