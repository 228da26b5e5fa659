/**
 * Every API route comes from its declaration in @otaku/shared and every declaration is
 * registered (decision 149), read from the route table the auth plugin builds as routes are
 * added; and the OpenAPI document lists each declared route with its success answer and every
 * error answer it declares. The shop is built twice, with the test payment provider and with
 * Stripe, because each registers its own checkout route.
 */
import { endpoints, type Endpoint } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../test/helpers';
import { errorsOf } from '../lib/api-route';

/**
 * The routes under /api that are not JSON calls, so have no declaration: the browser's
 * full-page Google sign-in redirects, Stripe's webhook (a raw body in Stripe's format) and the
 * test provider's checkout pages (HTML forms).
 */
const NOT_DECLARED = [
  'GET /api/googleAuth/login',
  'GET /api/googleAuth/callback',
  'POST /api/googleAuth/logout',
  'POST /api/stripe/webhook',
  'GET /api/test/checkout/:sessionId',
  'POST /api/test/checkout/:sessionId/pay',
  'POST /api/test/checkout/:sessionId/cancel',
];

const declared: Endpoint[] = Object.values(endpoints).flatMap((area) =>
  Object.values(area as Record<string, Endpoint>),
);
const keyOf = (endpoint: Endpoint) => `${endpoint.method} /api${endpoint.path}`;

const shops = {
  test: useTestApp(),
  stripe: useTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_endpoints',
    STRIPE_WEBHOOK_SECRET: 'whsec_endpoints',
    STRIPE_API_URL: 'http://127.0.0.1:9',
  }),
};
/** Only the configured provider's checkout route is registered. */
const otherProvider = {
  test: endpoints.checkout.stripeSession,
  stripe: endpoints.checkout.testSession,
} as const;

const registered = (shop: TestApp) =>
  shop.app.routeAccess.map((route) => `${route.method} ${route.url}`);

describe.each(Object.keys(shops) as Array<keyof typeof shops>)('with the %s provider', (name) => {
  const shop = shops[name];
  const expected = declared.filter((endpoint) => endpoint !== otherProvider[name]);

  it('registers every API route from a declaration, and every declaration', () => {
    const routes = registered(shop).filter((route) => !NOT_DECLARED.includes(route));
    expect(routes.sort()).toEqual(expected.map(keyOf).sort());
  });

  it('lists each declared route in the OpenAPI document with its answers, errors included', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>().paths;
    for (const endpoint of expected) {
      const path = `/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      const operation = paths[path]?.[endpoint.method.toLowerCase()];
      const statuses = Object.keys(operation?.responses ?? {}).sort();
      const answers = [...(endpoint.file ? [] : [endpoint.status ?? 200]), ...errorsOf(endpoint)];
      expect(statuses, keyOf(endpoint)).toEqual(answers.map(String).sort());
    }
  });
});
