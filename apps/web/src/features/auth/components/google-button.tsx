import { ACCOUNT } from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui';
import { getGoogleConfig, googleUrls } from '../api/auth-calls';
import { FormAlert } from './form-alert';

export const GOOGLE_NOT_CONFIGURED = 'google-not-configured';

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

/**
 * "Continue with Google": a full-page redirect to the server, which hands over to Google.
 * When the shop has no Google client the button says so up front, as the server tells
 * (GET /api/googleAuth/config); a click that still gets through comes back with
 * ?reason=google-not-configured and reads the same.
 */
export function GoogleButton({ label = 'Continue with Google' }: { label?: string }) {
  const [params] = useSearchParams();
  const config = useQuery({
    queryKey: ['google-config'],
    queryFn: getGoogleConfig,
    // The shop's configuration does not change while the page is open.
    staleTime: Infinity,
  });
  const notConfigured =
    config.data?.enabled === false || params.get('reason') === GOOGLE_NOT_CONFIGURED;
  return (
    <div className="flex flex-col gap-2">
      <a
        href={googleUrls.login}
        aria-disabled={notConfigured || undefined}
        className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}
      >
        <GoogleMark />
        {label}
      </a>
      {notConfigured ? <FormAlert tone="info">{ACCOUNT.googleNotConfigured}</FormAlert> : null}
    </div>
  );
}

/** The "or" rule between Google and the e-mail form. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs font-semibold tracking-wide text-ink-400 uppercase">
      <span className="h-px flex-1 bg-ink-100" />
      or
      <span className="h-px flex-1 bg-ink-100" />
    </div>
  );
}
