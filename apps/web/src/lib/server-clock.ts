/**
 * The server's clock as this browser can tell it, for counting down to a drop (decision 166):
 * the cart keeps a sale start by the database's clock, so a browser clock minutes slow would
 * open the drop late for its shopper, and one minutes fast would enable a button the server
 * still refuses. Every API answer's `Date` header says the server's time to the second; a
 * difference of more than a second and a half is taken as this clock's error, anything less
 * as the header's rounding and the trip's time, and ignored.
 */

/** Differences up to this are the header's whole seconds and the trip, not a wrong clock. */
const TOLERANCE_MS = 1_500;

let offsetMs = 0;

/** Notes the `Date` header of an answer received at `receivedAt` by this browser's clock. */
export function noteServerDate(header: string | null, receivedAt = Date.now()): void {
  if (!header) return;
  const sent = Date.parse(header);
  if (Number.isNaN(sent)) return;
  // Whole seconds: the server's time was within the second after the one the header names.
  const estimate = sent + 500 - receivedAt;
  offsetMs = Math.abs(estimate) > TOLERANCE_MS ? estimate : 0;
}

/** Now, by the server's clock as far as this browser knows it. */
export const serverNow = (): number => Date.now() + offsetMs;
