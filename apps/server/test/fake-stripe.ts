/**
 * A fake of the few Stripe API calls checkout makes (coupons; creating, expiring and reading
 * checkout sessions; refunding part of a paid session's payment intent and listing its
 * refunds), listening on loopback. Refunds honour idempotency keys as Stripe does: a key's first
 * answer, a refusal included, is the answer to every request with it, until the keys are
 * forgotten (Stripe keeps them a day). The Stripe SDK is pointed at it through STRIPE_API_URL;
 * it records every request and keeps each session's status.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/** A refund the fake made: one per idempotency key, however often it was asked. */
export interface FakeRefund {
  id: string;
  paymentIntent: string;
  amount: number;
  idempotencyKey: string | undefined;
  metadata?: Record<string, string>;
}

type SessionStatus = 'open' | 'complete' | 'expired';

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  /** The ids of the checkout sessions created, oldest first. */
  created: string[];
  /**
   * The shopper pays a session on Stripe's page (its webhook is for the test to deliver),
   * `amount` cents charged to its payment intent.
   */
  pay: (sessionId: string, amount?: number) => void;
  statusOf: (sessionId: string) => SessionStatus | undefined;
  /** The payment intent of a paid session (`pi_` + the session's own suffix). */
  paymentIntentOf: (sessionId: string) => string;
  /** The refunds made, oldest first. */
  refunds: FakeRefund[];
  /** Forgets every idempotency key, as Stripe does a day after a key's first request. */
  forgetKeys: () => void;
  /** While true, every call fails as Stripe does when it has trouble of its own (500). */
  failing: boolean;
  /** While true, only creating a refund has that trouble (its answer kept under its key). */
  refundsFailing: boolean;
  /**
   * Keeps every checkout session being created waiting, until `release` (a slow Stripe, or
   * two creations made to overlap). `waiting` counts the creations held.
   */
  holdSessionCreation: () => { waiting: () => number; release: () => void };
  close: () => Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const created: string[] = [];
  const sessions = new Map<string, SessionStatus>();
  const refunds: FakeRefund[] = [];
  /** Each refund key's first answer, replayed to every later request with that key. */
  const answered = new Map<string, { status: number; body: object }>();
  const paymentIntentOf = (sessionId: string) => `pi_${sessionId.slice('cs_test_fake_'.length)}`;
  /** What each paid intent was charged: only a complete session has one. */
  const charged = new Map<string, number>();
  let held: { waiting: number; released: Promise<void> } | null = null;
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      form,
    });
    const id = randomBytes(8).toString('hex');
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${id}` });
      res.end(JSON.stringify(body));
    };
    if (fake.failing || (fake.refundsFailing && req.method === 'POST' && path === '/v1/refunds')) {
      const trouble = { error: { type: 'api_error', message: 'Something went wrong.' } };
      // As Stripe: a refund request it began keeps its answer, a 500 included, under its key.
      const key = req.headers['idempotency-key'];
      if (req.method === 'POST' && path === '/v1/refunds' && typeof key === 'string')
        answered.set(key, { status: 500, body: trouble });
      return json(500, trouble);
    }
    if (req.method === 'POST' && path === '/v1/coupons')
      return json(200, {
        id: `co_${id}`,
        object: 'coupon',
        amount_off: Number(form.get('amount_off')),
      });
    const session = (sessionId: string, status: SessionStatus) =>
      json(200, {
        id: sessionId,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        payment_status: status === 'complete' ? 'paid' : 'unpaid',
        payment_intent: status === 'complete' ? paymentIntentOf(sessionId) : null,
        status,
      });
    const refundOf = (r: FakeRefund) => ({
      id: r.id,
      object: 'refund',
      amount: r.amount,
      payment_intent: r.paymentIntent,
      metadata: r.metadata ?? {},
      status: 'succeeded',
    });
    if (req.method === 'GET' && path === '/v1/refunds') {
      const paymentIntent = new URL(req.url ?? '', 'http://x').searchParams.get('payment_intent');
      return json(200, {
        object: 'list',
        url: '/v1/refunds',
        has_more: false,
        data: refunds.filter((r) => r.paymentIntent === paymentIntent).map(refundOf),
      });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const first = key ? answered.get(key) : undefined;
      if (first) return json(first.status, first.body);
      const answer = (status: number, body: object) => {
        if (key) answered.set(key, { status, body });
        return json(status, body);
      };
      const paymentIntent = form.get('payment_intent') ?? '';
      const amount = Number(form.get('amount'));
      const left =
        (charged.get(paymentIntent) ?? 0) -
        refunds.filter((r) => r.paymentIntent === paymentIntent).reduce((n, r) => n + r.amount, 0);
      if (!charged.has(paymentIntent) || !(amount > 0) || amount > left)
        return answer(400, {
          error: {
            type: 'invalid_request_error',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          },
        });
      const metadata = Object.fromEntries(
        [...form].flatMap(([k, v]) => {
          const name = /^metadata\[(.+)\]$/.exec(k)?.[1];
          return name ? [[name, v]] : [];
        }),
      );
      const made = { id: `re_${id}`, paymentIntent, amount, idempotencyKey: key, metadata };
      refunds.push(made);
      return answer(200, refundOf(made));
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (held) {
        held.waiting += 1;
        await held.released;
      }
      sessions.set(`cs_test_fake_${id}`, 'open');
      created.push(`cs_test_fake_${id}`);
      return session(`cs_test_fake_${id}`, 'open');
    }
    const [, sessionId, action] = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path) ?? [];
    const status = sessionId ? sessions.get(sessionId) : undefined;
    if (sessionId && !status)
      return json(404, {
        error: {
          type: 'invalid_request_error',
          message: `No such checkout.session: '${sessionId}'`,
        },
      });
    if (req.method === 'GET' && status && !action) return session(sessionId!, status);
    if (req.method === 'POST' && status && action) {
      // As Stripe: only an open session can be expired.
      if (status !== 'open')
        return json(400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${status}\`.`,
          },
        });
      sessions.set(sessionId!, 'expired');
      return session(sessionId!, 'expired');
    }
    return json(404, {
      error: { type: 'invalid_request_error', message: `No such route ${path}` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    requests,
    created,
    pay: (sessionId, amount = 0) => {
      if (sessions.get(sessionId) !== 'open') throw new Error(`${sessionId} is not open`);
      sessions.set(sessionId, 'complete');
      charged.set(paymentIntentOf(sessionId), amount);
    },
    paymentIntentOf,
    refunds,
    forgetKeys: () => answered.clear(),
    statusOf: (sessionId) => sessions.get(sessionId),
    failing: false,
    refundsFailing: false,
    holdSessionCreation: () => {
      let release = () => {};
      const gate = { waiting: 0, released: new Promise<void>((done) => (release = done)) };
      held = gate;
      return {
        waiting: () => gate.waiting,
        release: () => {
          if (held === gate) held = null;
          release();
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
