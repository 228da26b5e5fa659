/**
 * The wishlist and back-in-stock alert calls (decision 168) that more than one screen uses:
 * the shopper's saved products and alerts by key (the hearts on cards and the product page),
 * and the changes to them. Shared answers (products) are cached for everyone; whether this
 * shopper saved a product is asked here, per shopper, and never put into them.
 */
import { routes, WISHLIST, type StockAlertRequest } from '@otaku/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../api-client';
import { toastError } from '../errors';
import { paths, type FromState } from '../paths';
import { useSession } from '../session';
import { toast } from '../toast';

export const wishlistKeys = {
  all: ['wishlist'] as const,
  keys: (userId: string | undefined) => ['wishlist', 'keys', userId ?? 'guest'] as const,
  page: (userId: string | undefined) => ['wishlist', 'page', userId ?? 'guest'] as const,
};

/** The signed-in shopper's saved productIDs and waiting alerts; nothing for a guest. */
export function useWishlistKeys() {
  const { user } = useSession();
  return useQuery({
    queryKey: wishlistKeys.keys(user?._id),
    queryFn: () => call(routes.wishlist.keys),
    enabled: Boolean(user),
  });
}

/** Sends a guest to log in, saying why, and back to this page afterwards. */
export function useLoginFirst() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (message: string) => {
    toast.error(message);
    const state: FromState = { from: { pathname, search, hash } };
    void navigate(paths.login, { state });
  };
}

function useWishlistChange<T>(send: (input: T) => Promise<{ message: string }>, fallback: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toastError(error, fallback),
    onSettled: () => client.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}

export const useSaveToWishlist = () =>
  useWishlistChange(
    (productID: string) => call(routes.wishlist.save, { params: { productID } }),
    WISHLIST.full,
  );

export const useRemoveFromWishlist = () =>
  useWishlistChange(
    (productID: string) => call(routes.wishlist.remove, { params: { productID } }),
    WISHLIST.removed,
  );

export const useAskStockAlert = () =>
  useWishlistChange(
    (request: StockAlertRequest) => call(routes.wishlist.alert, { body: request }),
    WISHLIST.alertsFull,
  );

export const useCancelStockAlert = () =>
  useWishlistChange(
    (request: StockAlertRequest) => call(routes.wishlist.cancelAlert, { body: request }),
    WISHLIST.alertCancelled,
  );
