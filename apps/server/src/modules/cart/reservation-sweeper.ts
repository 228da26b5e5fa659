/**
 * Releases the reservations of carts that saw no activity for RESERVATION_TTL_MINUTES
 * (DESIGN.md §4). Safe with any number of app instances running it at once: each sweep locks
 * the expired carts it takes with SKIP LOCKED, so two sweepers never take the same cart, and
 * the DELETE ... RETURNING hands each cart line to exactly one transaction, which puts exactly
 * those units back.
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
  ttlMinutes: number,
  { batch: size = BATCH, signal }: SweepOptions = {},
): Promise<SweepResult> {
  const total: SweepResult = { carts: 0, units: 0 };
  while (!signal?.aborted) {
    const batch = await db.transaction(async (tx) => {
      const expired = rowsOf<{ id: string }>(
        await tx.execute(sql`
        select c.id from carts c
        where c.touched_at < now() - make_interval(mins => ${ttlMinutes}::int)
          and exists (select 1 from cart_items ci where ci.cart_id = c.id)
        order by c.touched_at
        limit ${size}
        for update of c skip locked`),
      );
      const ids = expired.map((r) => r.id);
      if (ids.length === 0) return { carts: 0, claimed: 0, units: 0 };
      const released = rowsOf<{
        cart_id: string;
        product_id: string;
        variant: string;
        quantity: number;
      }>(
        await tx.execute(
          sql`delete from cart_items where cart_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) returning cart_id, product_id, variant, quantity`,
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
        app.config.reservationTtlMinutes,
        { signal },
      );
      if (released.units > 0) app.log.info(released, 'released expired reservations');
    },
  );
}
