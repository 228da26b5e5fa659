/**
 * The OpenID Connect client for Google sign-in (authorization code + PKCE + state + nonce,
 * openid-client v6). Discovery runs on first use and is cached; a failed discovery is retried
 * on the next sign-in. Plain-http issuers are allowed only so tests can use a loopback mock.
 */
import * as oidc from 'openid-client';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuerUrl: string;
}

/** What must survive the round trip to the provider (kept in a signed cookie). */
export interface GoogleChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface GoogleProfile {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

export interface GoogleClient {
  start: () => Promise<{ url: URL; checks: GoogleChecks }>;
  finish: (callbackUrl: URL, checks: GoogleChecks) => Promise<GoogleProfile>;
}

export function createGoogleClient(settings: GoogleSettings, redirectUri: string): GoogleClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    const issuer = new URL(settings.issuerUrl);
    discovered ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async start() {
      const config = await configuration();
      const checks: GoogleChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
        prompt: 'select_account',
      });
      return { url, checks };
    },

    async finish(callbackUrl, checks) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      const text = (value: unknown) =>
        typeof value === 'string' && value.trim() ? value.trim() : undefined;
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: text(claims.email)?.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: text(claims.name),
        picture: text(claims.picture),
      };
    },
  };
}
