/**
 * The demo's pre-orders (decision 167): a few catalog products releasing in the coming days
 * and months, one of them within days, with their allocation as their stock. Days count from
 * the seed's `now` in the shop's calendar (UTC).
 */
import type { DemoProduct } from './catalog';

interface DemoPreorder {
  /** Days from the seed's day to the release. */
  releaseIn: number;
  /** Days from the seed's day to the last pre-order day, if it has one. */
  lastOrderIn?: number;
  /** The allocation of each variant. */
  allocation: number;
}

const PREORDERS: Readonly<Record<string, DemoPreorder>> = {
  'Kaiju King Vinyl Figure': { releaseIn: 3, allocation: 12 },
  'Mecha Heart Unit-02 Poseable Robot': { releaseIn: 45, lastOrderIn: 38, allocation: 25 },
  'Starfall Academy': { releaseIn: 80, allocation: 30 },
  'Crimson Moon Ronin Graphic Tee': { releaseIn: 24, allocation: 15 },
};

const dayAfter = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Makes the listed demo products pre-orders, their variants' stock the allocation. */
export function applyDemoPreorders(catalog: DemoProduct[], now: Date): void {
  for (const product of catalog) {
    const preorder = PREORDERS[product.row.name];
    if (!preorder) continue;
    product.row.releaseDate = dayAfter(now, preorder.releaseIn);
    product.row.preorderUntil =
      preorder.lastOrderIn === undefined ? null : dayAfter(now, preorder.lastOrderIn);
    for (const variant of product.variants) variant.stock = preorder.allocation;
  }
}
