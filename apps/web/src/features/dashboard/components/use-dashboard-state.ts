/**
 * Page state that survives a reload (spec §4: dashboard state is restored from storage when
 * present): each dashboard page keeps its filters and page number under its own name in one
 * localStorage entry. Anything unreadable falls back to the initial value.
 */
import { STORAGE_KEYS } from '@otaku/shared';
import { useCallback, useState } from 'react';
import { storage } from '../../../lib/storage';

type Saved = Record<string, unknown>;

function readAll(): Saved {
  const value = storage.getJSON(STORAGE_KEYS.dashboardState);
  return typeof value === 'object' && value !== null ? (value as Saved) : {};
}

export function useDashboardState<T extends object>(
  name: string,
  initial: T,
): [T, (next: T | ((current: T) => T)) => void] {
  const [state, setState] = useState<T>(() => {
    const saved = readAll()[name];
    // Only the keys the page knows, and only of the same type, are taken back.
    if (typeof saved !== 'object' || saved === null) return initial;
    const merged = { ...initial };
    for (const key of Object.keys(initial) as (keyof T)[]) {
      const value = (saved as Partial<T>)[key];
      if (value !== undefined && typeof value === typeof initial[key]) merged[key] = value;
    }
    return merged;
  });
  const update = useCallback(
    (next: T | ((current: T) => T)) =>
      setState((current) => {
        const value = typeof next === 'function' ? next(current) : next;
        storage.setJSON(STORAGE_KEYS.dashboardState, { ...readAll(), [name]: value });
        return value;
      }),
    [name],
  );
  return [state, update];
}
