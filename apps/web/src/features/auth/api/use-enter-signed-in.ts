import type { SessionResponse } from '@otaku/shared';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { storeSignedIn } from './store-session';

/**
 * What login, sign-up and a password reset do with the session they end in: keep it, show its
 * message and go to `to` (home unless given), replacing the form in the history.
 */
export function useEnterSignedIn() {
  const navigate = useNavigate();
  return (body: SessionResponse, to: string = paths.home) => {
    storeSignedIn(body);
    if (body.message) toast.success(body.message);
    void navigate(to, { replace: true });
  };
}
