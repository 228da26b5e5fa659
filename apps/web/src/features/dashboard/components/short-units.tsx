/**
 * Paid units that could not be taken from stock (decision 138): a mark on the order in the
 * list and a section in its details, each saying in words which units are missing, so it never
 * rests on colour or an icon alone.
 */
import { ORDER_SHORT, type ShortUnit } from '@otaku/shared';
import { TriangleAlert } from 'lucide-react';

const describe = (units: readonly ShortUnit[]) =>
  units.map((u) => ORDER_SHORT.units(u.quantity, u.name, u.variant)).join(', ');

/** Under an order's ID in the list: "Short of stock: 2 × Sky Pirate Figure (M)". */
export function ShortUnitsMark({ units }: { units: readonly ShortUnit[] }) {
  if (units.length === 0) return null;
  return (
    <p className="mt-1 flex max-w-56 items-start gap-1 text-xs font-semibold text-red-700">
      <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        {ORDER_SHORT.mark}: {describe(units)}
      </span>
    </p>
  );
}

/** In an order's details: which units are missing and what staff can do about it. */
export function ShortUnitsDetails({ units }: { units: readonly ShortUnit[] }) {
  if (units.length === 0) return null;
  return (
    <div className="rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
      <dt className="flex items-center gap-1 font-semibold text-red-800">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        {ORDER_SHORT.heading}
      </dt>
      <dd className="mt-1 text-red-900">
        <ul className="list-disc pl-5">
          {units.map((u, i) => (
            <li key={`${u.productId ?? u.name}-${u.variant}-${i}`}>
              {ORDER_SHORT.units(u.quantity, u.name, u.variant)}
            </li>
          ))}
        </ul>
        <p className="mt-1">{ORDER_SHORT.advice}</p>
      </dd>
    </div>
  );
}
