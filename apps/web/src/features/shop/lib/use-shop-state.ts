import { parseShopParams, toShopParams, type ShopState } from '@otaku/shared';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type ShopChange = (state: ShopState) => ShopState;

/**
 * The shop state, read from the URL and changed by pushing a new history entry, so Back
 * returns to the previous filter.
 *
 * A change builds on the last one pushed, not on the last one drawn: the router draws a
 * navigation as a transition, so on a busy phone the slider can be let go and the sort chosen
 * before the page shows the new price, and a change built on the drawn URL would bring the old
 * price back. Pushed searches wait in `pending` until the page draws one of them; a drawn search
 * that is not among them (Back, a link) means the pushes before it are history.
 */
export function useShopState(): [ShopState, (change: ShopChange) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseShopParams(params), [params]);
  const pending = useRef<string[]>([]);

  useLayoutEffect(() => {
    const drawn = pending.current.indexOf(params.toString());
    pending.current = drawn === -1 ? [] : pending.current.slice(drawn + 1);
  }, [params]);

  const update = useCallback(
    (change: ShopChange) => {
      const latest = pending.current.at(-1);
      const current = latest === undefined ? params : new URLSearchParams(latest);
      const next = toShopParams(change(parseShopParams(current))).toString();
      pending.current.push(next);
      setParams(next);
    },
    [params, setParams],
  );
  return [state, update];
}
