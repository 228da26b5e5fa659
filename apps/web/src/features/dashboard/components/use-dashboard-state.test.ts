import { STORAGE_KEYS } from '@otaku/shared';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDashboardState } from './use-dashboard-state';

describe('useDashboardState', () => {
  it('restores a page’s state from storage after a reload', () => {
    const first = renderHook(() => useDashboardState('orders', { page: 1 }));
    act(() => first.result.current[1]({ page: 3 }));
    first.unmount();
    const again = renderHook(() => useDashboardState('orders', { page: 1 }));
    expect(again.result.current[0]).toEqual({ page: 3 });
    const other = renderHook(() => useDashboardState('coupons', { page: 1 }));
    expect(other.result.current[0]).toEqual({ page: 1 });
  });

  it('ignores stored values of the wrong type', () => {
    localStorage.setItem(STORAGE_KEYS.dashboardState, JSON.stringify({ orders: { page: 'x' } }));
    const { result } = renderHook(() => useDashboardState('orders', { page: 1 }));
    expect(result.current[0]).toEqual({ page: 1 });
  });
});
