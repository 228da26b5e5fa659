import { parseShopParams, toShopParams, type ShopState } from '@otaku/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ShopChange = (state: ShopState) => ShopState;

/**
 * The shop state, read from the URL and changed by pushing a new history entry, so Back
 * returns to the previous filter.
 */
export function useShopState(): [ShopState, (change: ShopChange) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseShopParams(params), [params]);
  const update = useCallback(
    (change: ShopChange) => setParams((current) => toShopParams(change(parseShopParams(current)))),
    [setParams],
  );
  return [state, update];
}
