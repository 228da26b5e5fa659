/**
 * Staff move a pre-order's release date (decision 170): every buyer still waiting is mailed
 * once per order with the new date, and their history shows it with the date it moved from; a
 * cancelled line, an edit that keeps the date and a release (the date cleared) mail nobody.
 */
import { PREORDER, type Order } from '@otaku/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { shopperCalls, signedInShopper, type Shopper } from '../../../test/checkout-fixtures';
import { useTestApp } from '../../../test/helpers';
import { day } from '../../../test/preorder-fixtures';
import { createAccount, multipart, pngImage, type TestAccount } from '../../../test/staff';
import { sendDueOrderMails } from '../orders/order-mails';

const t = useTestApp();
let admin: TestAccount;
let png: Buffer;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  png = await pngImage();
});

const figure = (fields: Record<string, string>) => ({
  name: 'Star Courier, limited figure',
  description: 'Ships on its release day.',
  price: '120',
  category: 'toys',
  toyType: 'action-figure',
  stock: '30',
  ...fields,
});

async function save(method: 'POST' | 'PUT', fields: Record<string, string>) {
  const body = await multipart({
    ...fields,
    image: method === 'POST' ? { name: 'a.png', type: 'image/png', data: png } : undefined,
  });
  const res = await t.app.inject({
    method,
    url: method === 'POST' ? '/api/product/createProduct' : '/api/product/updateProduct',
    payload: body.payload,
    headers: { ...body.headers, ...admin.headers },
  });
  expect(res.statusCode).toBe(method === 'POST' ? 201 : 200);
  return res;
}

/** A new shopper's cash order of one unit of the product. */
async function buyer(productId: string) {
  const who = await signedInShopper(t.database.db, t.config);
  const calls = shopperCalls(t.app, who);
  expect((await calls.reserve(productId, 1)).statusCode).toBe(200);
  const placed = await calls.placeCashOrder();
  expect(placed.statusCode).toBe(201);
  return { who, calls, order: placed.json().order as Order };
}

const deps = () => ({
  db: t.database.db,
  mailer: t.app.mailer,
  log: t.app.log,
  shopUrl: t.config.publicUrl,
});
const movedMails = (who: Shopper) =>
  t.app.mailer.outbox!.filter((m) => m.to === who.email && m.subject.includes('release date'));
/**
 * Runs the senders until the shopper has `count` such mails: the app's own sender, woken by the
 * save, may have taken a mail and be sending it while the test's senders find nothing due.
 */
const settled = (who: Shopper, count: number) =>
  vi.waitFor(async () => {
    await sendDueOrderMails(deps());
    expect(movedMails(who)).toHaveLength(count);
  });
const lineIn = async (who: Shopper) =>
  (
    (await t.app.inject({ url: '/api/order/getOrders', headers: who.headers })).json()
      .paginatedOrders as Order[]
  )[0]!.products[0]!;

describe('a pre-order’s release date moved by staff', () => {
  it('mails each waiting buyer once with the new date, and their history shows where it moved from', async () => {
    const id = (await save('POST', figure({ releaseDate: day(40) }))).json().product
      .productID as string;
    const first = await buyer(id);
    const second = await buyer(id);
    const changedMind = await buyer(id);
    expect(
      (
        await changedMind.calls.cancelLine(
          changedMind.order.orderID,
          changedMind.order.products[0]!.lineId,
        )
      ).statusCode,
    ).toBe(200);
    await sendDueOrderMails(deps());

    // Saved without the date, or with the same one: nobody hears anything.
    await save('PUT', figure({ productID: id }));
    await save('PUT', figure({ productID: id, releaseDate: day(40) }));
    await sendDueOrderMails(deps());
    for (const who of [first.who, second.who, changedMind.who])
      expect(movedMails(who)).toHaveLength(0);

    await save('PUT', figure({ productID: id, releaseDate: day(75) }));
    // However often the senders run, and on how many instances, each buyer hears once.
    await Promise.all([sendDueOrderMails(deps()), sendDueOrderMails(deps())]);
    for (const { who } of [first, second]) {
      await settled(who, 1);
      const mail = movedMails(who)[0]!;
      expect(mail.text).toContain(PREORDER.lineReleases(day(75)));
      expect(mail.text).toContain(PREORDER.movedFrom(day(40)));
      expect(await lineIn(who)).toMatchObject({
        releaseDate: day(75),
        releaseMovedFrom: day(40),
        waitingForRelease: true,
      });
    }
    // The cancelled line keeps its date and its buyer is not mailed.
    expect(movedMails(changedMind.who)).toHaveLength(0);
    expect(await lineIn(changedMind.who)).toMatchObject({ releaseDate: day(40), cancelled: true });
    expect(await lineIn(changedMind.who)).not.toHaveProperty('releaseMovedFrom');

    // Moved again: told again, once.
    await save('PUT', figure({ productID: id, releaseDate: day(60) }));
    await settled(first.who, 2);
    expect(movedMails(first.who)[0]!.text).toContain(PREORDER.movedFrom(day(75)));

    // Released by hand (the date cleared): a release, not a move.
    await save('PUT', figure({ productID: id, releaseDate: '' }));
    await sendDueOrderMails(deps());
    expect(movedMails(first.who)).toHaveLength(2);
  });

  it('leaves each order with the date saved last when several saves move it at once', async () => {
    const id = (await save('POST', figure({ releaseDate: day(30) }))).json().product
      .productID as string;
    const { who } = await buyer(id);
    await Promise.all(
      [31, 32, 33, 34].map((n) => save('PUT', figure({ productID: id, releaseDate: day(n) }))),
    );
    const line = await lineIn(who);
    const product = (await t.app.inject({ url: `/api/product/${id}` })).json().product;
    expect(line.releaseDate).toBe(product.releaseDate);
    // Mails may have gone between the saves (each a move of its own); the newest names the
    // date the product has.
    await vi.waitFor(async () => {
      await sendDueOrderMails(deps());
      expect(movedMails(who)[0]?.text).toContain(PREORDER.lineReleases(product.releaseDate));
    });
  });
});
