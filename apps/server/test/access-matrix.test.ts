/**
 * The access matrix: every API route × guest, user, admin and superAdmin, read from the route
 * table the auth plugin builds from each route's `config.access`. A guest on a non-public route
 * gets 401, a role below the route's level 403, and everyone admitted gets past the gate (a
 * minimal request may still be a 400 or 404). Whose data it is (a cart, an order) is the
 * business of the cart and order tests. The shop is built twice, with the test payment provider
 * and with Stripe, because each registers its own routes.
 */
import { ACCOUNT, ROLE_RANK, SERVER, type Role } from '@otaku/shared';
import type { FastifyPluginAsync } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { apiModules } from '../src/modules/index';
import type { Access, RouteAccess } from '../src/plugins/auth';
import { testConfig, useTestApp, type TestApp } from './helpers';
import { bearer, createUser, tokenFor, type TestUser } from './users';

const shops = {
  'the test payment provider': useTestApp(),
  // Stripe is never reached: a minimal request stops at validation or the signature check.
  Stripe: useTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_access_matrix',
    STRIPE_WEBHOOK_SECRET: 'whsec_access_matrix',
    STRIPE_API_URL: 'http://127.0.0.1:9',
  }),
};
const t = shops['the test payment provider'];
const CALLERS = ['guest', 'user', 'admin', 'superAdmin'] as const;
type Caller = (typeof CALLERS)[number];
const callers = new Map<TestApp, Map<Caller, TestUser>>();

beforeAll(async () => {
  for (const shop of Object.values(shops)) {
    const mine = new Map<Caller, TestUser>();
    for (const role of ['user', 'admin', 'superAdmin'] as const) {
      mine.set(role, await createUser(shop.database, { role }));
    }
    callers.set(shop, mine);
  }
});

/** What the gate must answer: a refusal with its exact body, or admission. */
function expected(access: Access, caller: Caller) {
  if (access === 'public') return 'admitted' as const;
  if (caller === 'guest') {
    return { status: 401, message: SERVER.unauthenticated, code: 'UNAUTHENTICATED' } as const;
  }
  if (ROLE_RANK[caller] < ROLE_RANK[access as Role]) {
    const message = access === 'admin' ? ACCOUNT.staffOnly : SERVER.forbidden;
    return { status: 403, message, code: 'FORBIDDEN' } as const;
  }
  return 'admitted' as const;
}

/**
 * The smallest request a route can receive: every path parameter 'x', an empty JSON body. Each
 * with a token of a session of its own, since a logout ends the session it is called in.
 */
async function call(shop: TestApp, route: RouteAccess, caller: Caller) {
  const user = callers.get(shop)!.get(caller);
  const token = user && (await tokenFor(shop, user));
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  return shop.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:\w+/g, 'x'),
    headers: token ? bearer(token) : {},
    ...(hasBody ? { payload: {} } : {}),
  });
}

/** Every route of both shops once, as `access METHOD url`, sorted. */
const everyRoute = () =>
  [
    ...new Set(
      Object.values(shops).flatMap((shop) =>
        shop.app.routeAccess.map((r) => `${r.access.padEnd(6)} ${r.method} ${r.url}`),
      ),
    ),
  ].sort();

describe('the access matrix of every API route', () => {
  it('covers the whole API, staff routes included', () => {
    const levels = new Set(t.app.routeAccess.map((r) => r.access));
    expect(t.app.routeAccess.length).toBeGreaterThan(40);
    expect([...levels]).toEqual(expect.arrayContaining(['public', 'user', 'admin']));
  });

  it.each(Object.keys(shops) as Array<keyof typeof shops>)(
    'refuses guests with 401 and lower roles with 403, and admits the rest (%s)',
    async (name) => {
      const shop = shops[name];
      const wrong: string[] = [];
      for (const route of shop.app.routeAccess) {
        const statuses = new Set<number>();
        for (const caller of CALLERS) {
          const res = await call(shop, route, caller);
          statuses.add(res.statusCode);
          const want = expected(route.access, caller);
          const what = `${route.method} ${route.url} (${route.access}) as ${caller}: ${res.statusCode}`;
          if (res.statusCode >= 500) wrong.push(`${what}, a server error`);
          else if (want === 'admitted') {
            if (res.statusCode === 403 || (route.access !== 'public' && res.statusCode === 401))
              wrong.push(`${what}, expected to be admitted: ${res.body}`);
          } else if (res.statusCode !== want.status) {
            wrong.push(`${what}, expected ${want.status}`);
          } else {
            const { status: _status, ...body } = want;
            expect(res.json(), what).toEqual({ success: false, ...body });
          }
        }
        // A public route treats everyone alike: a token neither opens nor closes it.
        if (route.access === 'public' && statuses.size > 1) {
          wrong.push(`${route.method} ${route.url} (public) answers differently per caller`);
        }
      }
      expect(wrong).toEqual([]);
    },
    120_000,
  );

  it('opens only these routes to guests and shoppers; every other route is staff-only', () => {
    // Opening a route is a decision to review: a route moved off staff-only shows up here.
    const open = everyRoute().filter((r) => r.startsWith('public') || r.startsWith('user'));
    expect(open).toMatchInlineSnapshot(`
      [
        "public GET /api/dev/outbox",
        "public GET /api/googleAuth/callback",
        "public GET /api/googleAuth/config",
        "public GET /api/googleAuth/login",
        "public GET /api/googleAuth/success",
        "public GET /api/health",
        "public GET /api/payments/config",
        "public GET /api/product/:productID",
        "public GET /api/product/getProducts",
        "public GET /api/product/releases",
        "public GET /api/product/verifyStock",
        "public GET /api/search/products",
        "public GET /api/test/checkout/:sessionId",
        "public POST /api/auth/forgot-password",
        "public POST /api/auth/login",
        "public POST /api/auth/logout",
        "public POST /api/auth/recruiterBypass",
        "public POST /api/auth/refresh",
        "public POST /api/auth/reset-password",
        "public POST /api/auth/send-otp",
        "public POST /api/auth/signup",
        "public POST /api/auth/verify-otp",
        "public POST /api/auth/verify-reset-code",
        "public POST /api/googleAuth/logout",
        "public POST /api/stock-alerts/unsubscribe",
        "public POST /api/stripe/webhook",
        "public POST /api/test/checkout/:sessionId/cancel",
        "public POST /api/test/checkout/:sessionId/pay",
        "user   DELETE /api/cart/clear",
        "user   DELETE /api/cart/remove",
        "user   DELETE /api/stock-alerts",
        "user   DELETE /api/user/delete/:id",
        "user   DELETE /api/wishlist/:productID",
        "user   GET /api/auth/verify",
        "user   GET /api/order/getOrder/:orderID",
        "user   GET /api/order/getOrders",
        "user   GET /api/wishlist",
        "user   GET /api/wishlist/keys",
        "user   POST /api/cart",
        "user   POST /api/coupon/verify",
        "user   POST /api/decrementReservationStock",
        "user   POST /api/order/cancelPreorderLine",
        "user   POST /api/order/placeOrder",
        "user   POST /api/reserveStock",
        "user   POST /api/stock-alerts",
        "user   POST /api/stripe/create-checkout-session",
        "user   POST /api/test/create-checkout-session",
        "user   POST /api/user/send-email-code",
        "user   PUT /api/cart/update",
        "user   PUT /api/user/update/:id",
        "user   PUT /api/wishlist/:productID",
      ]
    `);
  });
});

describe('a route without an access rule', () => {
  it('stops the app from starting', async () => {
    const forgotten: FastifyPluginAsync = async (api) => {
      api.get('/forgotten', async () => ({ success: true }));
    };
    apiModules.push(forgotten);
    try {
      await expect(buildApp({ config: testConfig(), database: t.database })).rejects.toThrow(
        'GET /api/forgotten declares no access rule',
      );
    } finally {
      apiModules.pop();
    }
  });
});
