import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SIGNED_IN_HINT_SCRIPT } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once at start-up: none of them depends
 * on the request, so every response gets the same ready-made set instead of helmet rebuilding
 * its middleware (and re-parsing the policy) per request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The CSP source that allows one inline script, by the hash of its exact text, and no other:
 * `'unsafe-inline'` would allow any script an injected tag carried.
 */
export const scriptHashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * Security headers on every response. The Content-Security-Policy allows exactly what the
 * built web app needs: its own scripts, plus the SSR pages' one inline script (the signed-in
 * hint, by its hash), and styles, images from itself and data/blob URLs
 * (previews, profile pictures of Google accounts) and from S3_PUBLIC_URL when pictures are
 * served from there, and the Stripe checkout redirect.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.publicUrl.startsWith('https://');
  const publicPictures = app.config.s3?.publicUrl;
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", scriptHashSource(SIGNED_IN_HINT_SCRIPT)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https://*.googleusercontent.com',
          // Pictures served by a CDN or a public bucket (S3_PUBLIC_URL, decision 155).
          ...(publicPictures ? [new URL(publicPictures).origin] : []),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
