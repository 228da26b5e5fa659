/** The HTML of the test provider's hosted checkout page: a plain form, no scripts. */
import { formatDollars, PAYMENT_INFO, toDollars } from '@otaku/shared';
import type { SnapshotItem, SnapshotRow } from './payments.repo';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const money = (cents: number) => escape(formatDollars(toDollars(cents)));

/** The page, with the pay and cancel forms posting to `action`, and `error` above them. */
export const testCheckoutPage = (snapshot: SnapshotRow, action: string, error?: string): string =>
  page(snapshot, { action, error });

/**
 * The page of a session past its expiry (decision 137): what it was for, the refusal, and a way
 * back to the cart instead of the forms.
 */
export const expiredCheckoutPage = (snapshot: SnapshotRow): string =>
  page(snapshot, { error: PAYMENT_INFO.sessionExpired });

function page(snapshot: SnapshotRow, { action, error }: { action?: string; error?: string }) {
  const items = snapshot.items as SnapshotItem[];
  const rows = items
    .map(
      (i) =>
        `<tr><td>${escape(i.name)}${i.variant ? ` (${escape(i.variant)})` : ''} &times; ${i.quantity}</td><td>${money(i.priceCents * i.quantity)}</td></tr>`,
    )
    .join('');
  const discount =
    snapshot.discountCents > 0
      ? `<tr><td>Discount (${escape(snapshot.couponCode ?? '')}, ${snapshot.discountPercent}%)</td><td>-${money(snapshot.discountCents)}</td></tr>`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PAYMENT_INFO.testTitle} · Otaku Shelf</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:2rem;color:#18181b}
main{max-width:28rem;margin:auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.25rem 0}td+td{text-align:right}
tfoot td{font-weight:700;border-top:1px solid #e4e4e7;padding-top:.5rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #a1a1aa;border-radius:.5rem;font-size:1rem}
button{width:100%;margin-top:1rem;padding:.7rem;border:0;border-radius:.5rem;font-size:1rem;cursor:pointer}
.pay{background:#4f46e5;color:#fff}.cancel{background:#e4e4e7;color:#18181b}
.notice{background:#eef2ff;padding:.5rem .75rem;border-radius:.5rem;font-size:.9rem}
.error{background:#fee2e2;color:#991b1b;padding:.5rem .75rem;border-radius:.5rem}
.back{display:block;margin-top:1rem;padding:.7rem;border-radius:.5rem;background:#4f46e5;color:#fff;text-align:center;text-decoration:none}
</style></head>
<body><main>
<h1>${PAYMENT_INFO.testTitle}</h1>
<p class="notice">${escape(PAYMENT_INFO.testNotice)}</p>
<table><tbody>${rows}
<tr><td>Subtotal</td><td>${money(snapshot.subtotalCents)}</td></tr>${discount}
<tr><td>Shipping</td><td>${money(snapshot.shippingCents)}</td></tr></tbody>
<tfoot><tr><td>Total</td><td>${money(snapshot.totalCents)}</td></tr></tfoot></table>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
${action === undefined ? backToCart : forms(snapshot, action)}
</main></body></html>`;
}

const forms = (snapshot: SnapshotRow, action: string) =>
  `<form method="post" action="${escape(action)}/pay">
<label for="card">${PAYMENT_INFO.testCardLabel}</label>
<input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<button class="pay" type="submit">${escape(PAYMENT_INFO.testPay(formatDollars(toDollars(snapshot.totalCents))))}</button>
</form>
<form method="post" action="${escape(action)}/cancel"><button class="cancel" type="submit">${escape(PAYMENT_INFO.testCancel)}</button></form>`;

const backToCart = `<a class="back" href="/cart">${escape(PAYMENT_INFO.backToCart)}</a>`;
