import { PAGE_TITLES } from '@otaku/shared';
import { useEffect } from 'react';
import { Page, Spinner } from '../../../components/ui';
import { googleUrls } from '../api/auth-calls';
import { AuthLink } from '../components/auth-link';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/** /auth/google (spec §2): hands the browser over to Google sign-in through the server. */
export function GoogleAuthRoute() {
  usePageTitle(PAGE_TITLES.googleAuth);
  useEffect(() => {
    window.location.assign(googleUrls.login);
  }, []);

  return (
    <Page className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center">
      <h1 className="font-display text-2xl font-bold text-ink-900">Taking you to Google…</h1>
      <Spinner size="lg" label="Opening Google sign-in" />
      <p className="text-sm text-ink-500">
        Not moving?{' '}
        <a className="font-semibold text-sakura-700 underline" href={googleUrls.login}>
          Continue with Google
        </a>{' '}
        or <AuthLink to={paths.login}>go back to login</AuthLink>.
      </p>
    </Page>
  );
}
