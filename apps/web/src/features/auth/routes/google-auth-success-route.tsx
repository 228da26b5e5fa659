import { ACCOUNT, AUTH, PAGE_TITLES, type GoogleReason } from '@otaku/shared';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Page, Spinner } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { clearSession, setAuthToken } from '../../../lib/session';
import { authCalls } from '../api/auth-calls';
import { storeSignedIn } from '../api/store-session';
import { usePageTitle } from '../../../lib/use-page-title';

/** A Map, not an object: the reason comes from the address bar ("constructor", say). */
const FAILURE_TEXTS = new Map<GoogleReason | null, string>([
  ['email-unverified', ACCOUNT.googleEmailUnverified],
  ['account-unverified', ACCOUNT.googleAccountUnverified],
]);
const failureText = (reason: string | null) =>
  FAILURE_TEXTS.get(reason as GoogleReason | null) ?? AUTH.googleFailed;

/**
 * /auth/google/success (spec §2): signs in with the token from the query string, or else with
 * the session cookie the server set after Google; then a toast and home. Any failure: an
 * error toast and /login. Runs once, even when React mounts the page twice.
 */
export function GoogleAuthSuccessRoute() {
  usePageTitle(PAGE_TITLES.googleAuth);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const error = params.get('error');

    const finish = async () => {
      if (error) throw new Error(error);
      if (token) {
        setAuthToken(token);
        const { user } = await authCalls.verify();
        return { user, token, message: ACCOUNT.googleSignedIn };
      }
      return authCalls.googleSuccess();
    };

    finish()
      .then((body) => {
        if (!storeSignedIn(body)) throw new Error('invalid user');
        toast.success(body.message ?? ACCOUNT.googleSignedIn);
        void navigate(paths.home, { replace: true });
      })
      .catch(() => {
        clearSession();
        toast.error(failureText(error));
        void navigate(paths.login, { replace: true });
      });
  }, [navigate, params]);

  return (
    <Page className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
      <h1 className="font-display text-2xl font-bold text-ink-900">Finishing Google sign-in…</h1>
      <Spinner size="lg" label="Signing you in" />
    </Page>
  );
}
