import type { Product } from '@otaku/shared';
import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../../../components/ui';

export interface ProductCarouselProps {
  label: string;
  products: Product[] | undefined;
}

const loadTrack = () => import('./carousel-track');
const CarouselTrack = lazy(() => loadTrack().then((m) => ({ default: m.CarouselTrack })));

/**
 * A section's carousel: a spinner of the carousel's height while its products or its code
 * (carousel-track, loaded as soon as the section mounts) are on their way.
 */
export function ProductCarousel({ label, products }: ProductCarouselProps) {
  useEffect(() => {
    void loadTrack();
  }, []);
  const loading = (
    <div className="grid h-80 place-items-center">
      <Spinner label={label} />
    </div>
  );
  if (!products) return loading;
  return (
    <Suspense fallback={loading}>
      <CarouselTrack label={label} products={products} />
    </Suspense>
  );
}
