/** GET /api/wishlist (the wishlist page) and POST /api/stock-alerts/unsubscribe (the mail's link). */
import { routes } from '@otaku/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { wishlistKeys } from '../../../lib/wishlist/wishlist-api';

export function useWishlist() {
  const { user } = useSession();
  return useQuery({
    queryKey: wishlistKeys.page(user?._id),
    queryFn: () => call(routes.wishlist.list),
    enabled: Boolean(user),
  });
}

export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) => call(routes.wishlist.unsubscribe, { query: { token } }),
  });
