/**
 * Releases the reservations whose hold has ended (DESIGN.md §8): every line of a cart that saw
 * no activity for RESERVATION_TTL_MINUTES, and any line whose first unit was held
 * RESERVATION_MAX_MINUTES ago or more, however often its cart was touched since; but never those
 * of a cart whose card checkout is open and not past its expiry (decision 137). Safe with any
 * number of app instances running it at once: each sweep locks the carts it takes with SKIP
 * LOCKED, so two sweepers never take the same cart, and the DELETE ... RETURNING hands each
 * cart line to exactly one transaction, which puts exactly those units back. The cart calls end
 * their own cart's lines past the maximum too, under the same lock (migration 0022), so a cart
 * in use never shows a hold the sweeper would have ended.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { registerPeriodicJob } from '../../lib/periodic';
import { returnStock, type HeldUnits } from './cart.repo';

/** Carts handled per transaction; a sweep loops until none are left. */
const BATCH = 200;

export interface SweepResult {
  carts: number;
  units: number;
}

/** When holds end: after this long without a change to the cart, and at most this long. */
export interface HoldLimits {
  ttlMinutes: number;
  maxMinutes: number;
}

export interface SweepOptions {
  batch?: number;
  /**
   * Aborted when the app closes: the sweep stops after the transaction it is running, whose
   * carts are then released whole; the rest wait for the next sweep, on any instance.
   */
  signal?: AbortSignal;
}

export async function sweepExpiredReservations(
  db: Db,
  { ttlMinutes, maxMinutes }: HoldLimits,
  { batch: size = BATCH, signal }: SweepOptions = {},
): Promise<SweepResult> {
  const total: SweepResult = { carts: 0, units: 0 };
  const idleSince = sql`now() - make_interval(mins => ${ttlMinutes}::int)`;
  const heldSince = sql`now() - make_interval(mins => ${maxMinutes}::int)`;
  while (!signal?.aborted) {
    const batch = await db.transaction(async (tx) => {
      // Idle carts holding lines, and carts with a line held past the maximum (each found by
      // its index). `idle` is read from the cart's row as locked: a cart touched meanwhile is
      // no longer idle, and then only its lines past the maximum go. A cart being paid for
      // keeps every unit until its checkout closes or expires, whatever the TTL and the
      // maximum say (decision 137): the session sells the cart as it was priced.
      const expired = rowsOf<{ id: string; idle: boolean }>(
        await tx.execute(sql`
        select c.id, c.touched_at < ${idleSince} as idle from carts c
        where c.id in (
          select i.id from carts i
          where i.touched_at < ${idleSince}
            and exists (select 1 from cart_items ci where ci.cart_id = i.id)
          union
          select ci.cart_id from cart_items ci where ci.reserved_at <= ${heldSince})
          and not exists (
            select 1 from checkout_snapshots s
            where s.cart_id = c.id and s.status = 'open' and s.expires_at > now())
        order by c.touched_at
        limit ${size}
        for update of c skip locked`),
      );
      const ids = expired.map((r) => r.id);
      if (ids.length === 0) return { carts: 0, claimed: 0, units: 0 };
      const inList = (list: string[]) =>
        list.length === 0
          ? sql`false`
          : sql`cart_id in (${sql.join(
              list.map((id) => sql`${id}`),
              sql`, `,
            )})`;
      const idle = expired.filter((r) => r.idle).map((r) => r.id);
      const released = rowsOf<{
        cart_id: string;
        product_id: string;
        variant: string;
        quantity: number;
      }>(
        await tx.execute(
          sql`delete from cart_items where ${inList(ids)}
            and (${inList(idle)} or reserved_at <= ${heldSince})
            returning cart_id, product_id, variant, quantity`,
        ),
      );
      const held: HeldUnits[] = released.map((r) => ({
        productId: r.product_id,
        variant: r.variant,
        quantity: Number(r.quantity),
      }));
      await returnStock(tx, held);
      // Counted from what this transaction deleted: a cart another sweeper emptied first
      // (between our snapshot and our lock) yields no rows here.
      const carts = new Set(released.map((r) => r.cart_id)).size;
      return { carts, claimed: ids.length, units: held.reduce((n, h) => n + h.quantity, 0) };
    });
    total.carts += batch.carts;
    total.units += batch.units;
    if (batch.claimed < size) break;
  }
  return total;
}

/** Runs the sweeper every RESERVATION_SWEEP_SECONDS while the app is up (lib/periodic.ts). */
export function registerReservationSweeper(app: FastifyInstance): void {
  registerPeriodicJob(
    app,
    'reservation sweep',
    app.config.reservationSweepSeconds * 1000,
    async (signal) => {
      const released = await sweepExpiredReservations(
        app.database.db,
        {
          ttlMinutes: app.config.reservationTtlMinutes,
          maxMinutes: app.config.reservationMaxMinutes,
        },
        { signal },
      );
      if (released.units > 0) app.log.info(released, 'released expired reservations');
    },
  );
}
