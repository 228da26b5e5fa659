/**
 * A fake of the few Stripe API calls checkout makes (coupons, checkout sessions), listening on
 * loopback. The Stripe SDK is pointed at it through STRIPE_API_URL; it records every request.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  close: () => Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      form,
    });
    const id = randomBytes(8).toString('hex');
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${id}` });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && path === '/v1/coupons')
      return json(200, {
        id: `co_${id}`,
        object: 'coupon',
        amount_off: Number(form.get('amount_off')),
      });
    if (req.method === 'POST' && path === '/v1/checkout/sessions')
      return json(200, {
        id: `cs_test_fake_${id}`,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/cs_test_fake_${id}`,
        payment_status: 'unpaid',
        status: 'open',
      });
    return json(404, {
      error: { type: 'invalid_request_error', message: `No such route ${path}` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
