/**
 * Back-in-stock e-mails (decision 168), captured by a real SMTP server on loopback: who is
 * mailed when units come back and in what order, that every way stock comes back wakes the
 * alerts, that each alert is mailed once however many senders run, and the unsubscribe link.
 */
import { STOCK_ALERT_MAIL, WISHLIST, type WishlistKeysResponse } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ageCart,
  createProduct,
  DEFAULT_HOLD,
  signedInShopper,
  setStock,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';
import { engine, useTestApp } from '../../../test/helpers';
import { createAccount, multipart, type TestAccount } from '../../../test/staff';
import { rowsOf } from '../../db/prepared';
import { sweepExpiredReservations } from '../cart/reservation-sweeper';
import { sendDueStockAlertMails, type StockAlertMailDeps } from './stock-alert-mails';

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = useTestApp({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  PUBLIC_URL: 'https://shop.example',
});
let admin: TestAccount;
beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
});

const deps = (): StockAlertMailDeps => ({
  db: t.database.db,
  mailer: t.app.mailer,
  log: t.app.log,
  shopUrl: 'https://shop.example',
  secret: t.config.jwtSecret,
});
const send = () => sendDueStockAlertMails(deps());
const mailsTo = (who: { email: string }) =>
  received.filter((m) => m.to && 'text' in m.to && m.to.text === who.email);
const shoppers = (n: number) =>
  Promise.all(Array.from({ length: n }, () => signedInShopper(t.database.db, t.config)));
const call = (
  who: { headers: Record<string, string> },
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });
const ask = (who: Shopper, productId: string, variant: string) =>
  call(who, 'POST', '/stock-alerts', { productId, variant });
const waitingOf = async (who: Shopper) =>
  (await call(who, 'GET', '/wishlist/keys')).json<WishlistKeysResponse>().alerts;
const raise = (product: ProductFixture, variant: string, by: number) =>
  t.database.db.execute(sql`update product_variants set stock = stock + ${by}
    where product_id = ${product.id} and variant = ${variant}`);
/** The shoppers, of those given, whose alert on the variant is woken (its mail owed or sent). */
async function woken(product: ProductFixture, variant: string) {
  const rows = rowsOf<{ user_id: string }>(
    await t.database.db.execute(sql`select user_id from stock_alerts
      where product_id = ${product.id} and variant = ${variant} and notified_at is not null
      order by id`),
  );
  return rows.map((r) => r.user_id);
}
const tee = (stock: Record<string, number> = { S: 0, M: 0, L: 2 }) =>
  createProduct(t.database.db, { category: 'clothes', stock });

describe('back-in-stock e-mails', () => {
  it('go to the waiting shoppers in the order they asked, one per unit back', async () => {
    const product = await tee();
    const line = await shoppers(5);
    for (const s of line) expect((await ask(s, product.id, 'M')).statusCode).toBe(201);

    await setStock(t.database.db, product.id, 'M', 2);
    expect(await woken(product, 'M')).toEqual([line[0]!.id, line[1]!.id]);
    await send();
    expect(line.map((s) => mailsTo(s).length)).toEqual([1, 1, 0, 0, 0]);
    expect(await waitingOf(line[2]!)).toEqual([{ productID: product.id, variant: 'M' }]);

    // Sold out again, then one unit back: the next in line, and only them.
    await setStock(t.database.db, product.id, 'M', 0);
    await setStock(t.database.db, product.id, 'M', 1);
    await send();
    expect(line.map((s) => mailsTo(s).length)).toEqual([1, 1, 1, 0, 0]);
    // A rise while units are on sale is a return too: two more units, the last two shoppers.
    await raise(product, 'M', 5);
    await send();
    expect(line.map((s) => mailsTo(s).length)).toEqual([1, 1, 1, 1, 1]);
    await raise(product, 'M', 5);
    await send();
    expect(line.map((s) => mailsTo(s).length)).toEqual([1, 1, 1, 1, 1]);
  });

  it('name the product, link to its page, and carry a one-click unsubscribe', async () => {
    const product = await tee();
    const [shopper] = await shoppers(1);
    await ask(shopper!, product.id, 'S');
    await setStock(t.database.db, product.id, 'S', 3);
    await send();
    const [mail] = mailsTo(shopper!);
    expect(mail!.subject).toBe(STOCK_ALERT_MAIL.subject(product.name));
    expect(mail!.text).toContain(STOCK_ALERT_MAIL.lead(product.name, 'S'));
    expect(mail!.text).toContain(`https://shop.example/shop/${product.id}`);
    expect(mail!.html).toContain(`href="https://shop.example/shop/${product.id}"`);
    const page = /(https:\/\/shop\.example\/alerts\/unsubscribe\?token=\S+)/.exec(mail!.text!)?.[1];
    expect(page).toBeDefined();
    const header = (name: string) =>
      mail!.headerLines
        .find((h) => h.key === name)
        ?.line.slice(name.length + 1)
        .trim();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe(
      `<https://shop.example/api/stock-alerts/unsubscribe?${new URL(page!).searchParams}>`,
    );
  });

  it('are woken by a staff edit that restocks the size, and go out without waiting', async () => {
    const product = await createProduct(t.database.db, {
      id: 'CLO-RESTK1',
      category: 'clothes',
      stock: { M: 0 },
    });
    const [shopper] = await shoppers(1);
    await ask(shopper!, product.id, 'M');
    const body = await multipart({
      productID: product.id,
      name: product.name,
      description: 'A test product',
      price: '19.99',
      category: 'clothes',
      merchType: 't-shirt',
      sizes: 'M',
      stock: JSON.stringify({ M: 4 }),
      image: '/uploads/products/CLO-RESTK1-400.webp',
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/product/updateProduct',
      payload: body.payload,
      headers: { ...body.headers, ...admin.headers },
    });
    expect(edit.statusCode).toBe(200);
    // No send() here: the edit wakes the app's own sender.
    await vi.waitFor(() => expect(mailsTo(shopper!)).toHaveLength(1), { timeout: 5_000 });
  });

  it('are woken by units a cart gives back and by the sweeper releasing a hold', async () => {
    const product = await tee({ M: 2 });
    const [holder, waiting, later] = await shoppers(3);
    const reserve = await call(holder!, 'POST', '/reserveStock', {
      productId: product.id,
      variant: 'M',
      quantity: 2,
    });
    expect(reserve.statusCode).toBe(200);
    await ask(waiting!, product.id, 'M');
    await ask(later!, product.id, 'M');

    const removed = await call(holder!, 'PUT', '/cart/update', {
      productId: product.id,
      variant: 'M',
      newQuantity: 1,
    });
    expect(removed.statusCode).toBe(200);
    expect(await woken(product, 'M')).toEqual([waiting!.id]);

    await ageCart(t.database.db, `user_${holder!.id}`, DEFAULT_HOLD.ttlMinutes + 1);
    const swept = await sweepExpiredReservations(t.database.db, DEFAULT_HOLD);
    expect(swept.units).toBeGreaterThanOrEqual(1);
    expect(await woken(product, 'M')).toEqual([waiting!.id, later!.id]);
  });

  it('are woken by stock given back by any other path (an order line cancelled, say)', async () => {
    const product = await tee();
    const [shopper] = await shoppers(1);
    await ask(shopper!, product.id, 'S');
    await raise(product, 'S', 1);
    expect(await woken(product, 'S')).toEqual([shopper!.id]);
  });

  it('are never woken by units being taken', async () => {
    const product = await tee({ S: 0, M: 5 });
    const [shopper, buyer] = await shoppers(2);
    await ask(shopper!, product.id, 'S');
    await call(buyer!, 'POST', '/reserveStock', {
      productId: product.id,
      variant: 'M',
      quantity: 2,
    });
    await raise(product, 'M', -1);
    expect(await woken(product, 'S')).toEqual([]);
    expect(await woken(product, 'M')).toEqual([]);
  });

  it('cost the writes that take units nothing: the trigger fires on a rise only', async () => {
    const [row] = rowsOf<{ def: string }>(
      await t.database.db.execute(sql`select pg_get_triggerdef(oid) as def from pg_trigger
        where tgname = 'product_variants_stock_alerts'`),
    );
    // Checked by the server before any call, so adding to a cart never runs the function.
    expect(row!.def).toMatch(/AFTER UPDATE OF stock ON public\.product_variants FOR EACH ROW/);
    expect(row!.def).toContain('WHEN ((new.stock > old.stock))');
  });

  it('wake each alert once when units come back on many connections at once', async () => {
    const product = await tee();
    const line = await shoppers(12);
    for (const s of line) await ask(s, product.id, 'M');
    await Promise.all(Array.from({ length: 8 }, () => raise(product, 'M', 1)));
    expect(await woken(product, 'M')).toEqual(line.slice(0, 8).map((s) => s.id));
  });

  it.skipIf(engine !== 'postgres')(
    'are never left waiting by an ask that crosses a return of the same size',
    async () => {
      const product = await tee();
      const [shopper] = await shoppers(1);
      let answer: Awaited<ReturnType<typeof ask>> | undefined;
      await t.database.db.transaction(async (tx) => {
        // A return, not yet committed, while the shopper asks on another connection.
        await tx.execute(sql`update product_variants set stock = stock + 1
          where product_id = ${product.id} and variant = 'M'`);
        const asking = ask(shopper!, product.id, 'M').then((res) => (answer = res));
        // Until the ask has either answered or is waiting for the return's lock.
        await vi.waitFor(async () => {
          const waiting = rowsOf<{ n: number }>(
            await t.database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            ),
          );
          expect(answer !== undefined || Number(waiting[0]!.n) > 0).toBe(true);
        });
        void asking;
      });
      await vi.waitFor(() => expect(answer).toBeDefined());
      // Either refused because the size is back, or woken by the return: never left waiting.
      expect(answer!.statusCode).toBe(409);
      expect(await waitingOf(shopper!)).toEqual([]);
    },
  );

  it('go out once each however many senders run at the same time', async () => {
    const product = await tee();
    const line = await shoppers(30);
    for (const s of line) expect((await ask(s, product.id, 'S')).statusCode).toBe(201);
    await raise(product, 'S', 30);
    // Three senders here, and the app's own, which the new products woke.
    await Promise.all([1, 2, 3].map(() => send()));
    await vi.waitFor(() => expect(line.every((s) => mailsTo(s).length > 0)).toBe(true));
    await send();
    expect(line.map((s) => mailsTo(s).length)).toEqual(line.map(() => 1));
  });

  it('leave a mail another sender is sending to that sender', async () => {
    const product = await tee();
    const [shopper] = await shoppers(1);
    await ask(shopper!, product.id, 'S');
    await raise(product, 'S', 1);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sending = false;
    const slow = {
      ...t.app.mailer,
      send: async (message: Parameters<typeof t.app.mailer.send>[0]) => {
        sending = true;
        await gate;
        await t.app.mailer.send(message);
      },
    };
    const first = sendDueStockAlertMails({ ...deps(), mailer: slow });
    await vi.waitFor(() => expect(sending).toBe(true));
    expect(await send()).toEqual({ sent: 0, failed: 0 });
    release();
    expect(await first).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(shopper!)).toHaveLength(1);
  });

  it('are tried again when the mail server fails, then sent once', async () => {
    const product = await tee();
    const [shopper] = await shoppers(1);
    await ask(shopper!, product.id, 'S');
    await raise(product, 'S', 1);
    const down = { ...t.app.mailer, send: () => Promise.reject(new Error('smtp down')) };
    const failed = await sendDueStockAlertMails({ ...deps(), mailer: down });
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(mailsTo(shopper!)).toHaveLength(0);
    await t.database.db.execute(sql`update stock_alerts set not_before = now()
      where user_id = ${shopper!.id}`);
    await send();
    await send();
    expect(mailsTo(shopper!)).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  async function mailedShopper() {
    const product = await tee({ S: 0, M: 0, L: 0 });
    const [shopper] = await shoppers(1);
    for (const size of ['S', 'M', 'L']) await ask(shopper!, product.id, size);
    await raise(product, 'S', 1);
    await send();
    const text = mailsTo(shopper!)[0]!.text!;
    const token = new URL(
      /(https:\/\/\S+\/alerts\/unsubscribe\?\S+)/.exec(text)![1]!,
    ).searchParams.get('token')!;
    return { shopper: shopper!, product, token };
  }
  const unsubscribe = (token: string, form = false) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stock-alerts/unsubscribe?${new URLSearchParams({ token })}`,
      ...(form
        ? {
            payload: 'List-Unsubscribe=One-Click',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {}),
    });

  it("cancels the shopper's alerts without signing in, once or many times", async () => {
    const { shopper, token } = await mailedShopper();
    expect(await waitingOf(shopper)).toHaveLength(2);
    const res = await unsubscribe(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: WISHLIST.unsubscribed });
    expect(await waitingOf(shopper)).toEqual([]);
    expect((await unsubscribe(token)).statusCode).toBe(200);
  });

  it("takes a mail program's one-click POST (RFC 8058)", async () => {
    const { shopper, token } = await mailedShopper();
    const res = await unsubscribe(token, true);
    expect(res.statusCode).toBe(200);
    expect(await waitingOf(shopper)).toEqual([]);
  });

  it('refuses a token it did not sign, or signed for someone else', async () => {
    const { shopper, token } = await mailedShopper();
    const [other] = await shoppers(1);
    const forged = `${other!.id}.${token.split('.')[1]}`;
    for (const bad of [forged, `${shopper.id}.AAAA`, 'nonsense', `${token}x`]) {
      const res = await unsubscribe(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(WISHLIST.badUnsubscribeLink);
    }
    expect(await waitingOf(shopper)).toHaveLength(2);
  });
});
