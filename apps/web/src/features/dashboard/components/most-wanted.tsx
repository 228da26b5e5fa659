import { WISHLIST } from '@otaku/shared';
import { Badge } from '../../../components/ui';
import { useMostWanted } from '../api/wishlist-interest';

/**
 * The "Most wanted" card (decision 168): the products the most shoppers wait for, with the
 * sizes or volumes they wait for, to decide what to restock.
 */
export function MostWanted() {
  const wanted = useMostWanted();
  const products = wanted.data?.products ?? [];
  return (
    <section
      aria-labelledby="most-wanted-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100"
    >
      <h2 id="most-wanted-heading" className="font-bold text-ink-900">
        {WISHLIST.mostWanted}
      </h2>
      <ul className="mt-2 divide-y divide-ink-100 text-sm">
        {wanted.isSuccess && products.length === 0 ? (
          <li className="py-2 text-ink-500">{WISHLIST.mostWantedEmpty}</li>
        ) : null}
        {products.map((p) => (
          <li key={p.productID} className="flex items-center justify-between gap-3 py-1.5">
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-semibold text-ink-900">{p.name}</span>
              <span className="text-xs text-ink-500">
                {p.variants
                  .filter((v) => v.variant)
                  .map((v) => `${v.variant}: ${v.waiting}`)
                  .join(' · ')}
                {p.saved > 0 ? ` ${WISHLIST.savedBy(p.saved)}` : ''}
              </span>
            </span>
            <Badge tone="sakura">{WISHLIST.waiting(p.waiting)}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
