import { HOME_PAGE, PRODUCT_IMAGE_SIZES, type Product } from '@otaku/shared';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ProductCard } from '../../../components/catalog';
import { Button } from '../../../components/ui';
import { HomePageShown } from '../lib/home-page-shown';
import type { ProductCarouselProps } from './product-carousel';

/** Embla's duration is a speed, not milliseconds; 30 moves a slide in about half a second. */
const EMBLA_DURATION = 30;

/**
 * A row of products that slides: 4 at a time from 1024 px, 3 from 830 px, 2 from 790 px and
 * one with a glimpse of the next below that (spec §9 carousel breakpoints). Its own chunk,
 * with Embla: the carousels sit below the hero and behind the loading screen at first.
 */
export function CarouselTrack({ label, products }: ProductCarouselProps & { products: Product[] }) {
  const [viewportRef, api] = useEmblaCarousel({
    align: 'start',
    slidesToScroll: 'auto',
    duration: EMBLA_DURATION,
  });
  // Embla starts when it is given the viewport: once the page shows (HomePageShown), after the
  // frame that shows it, so that the hero is painted before Embla measures the slides.
  const shown = useContext(HomePageShown);
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setStarted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const sync = useCallback(() => {
    setCanPrev(api?.canScrollPrev() ?? false);
    setCanNext(api?.canScrollNext() ?? false);
  }, [api]);

  useEffect(() => {
    if (!api) return;
    api.on('select', sync).on('reInit', sync);
    // Embla reports on its own events; read the first state once it exists.
    queueMicrotask(sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api, sync]);

  // Made again only when the products change: the arrows' state changes at Embla's first
  // measure and on every slide, and drawing each card again for it was a long task on a phone.
  const slides = useMemo(
    () =>
      products.map((product, index) => (
        // The item stays a list item (a screen reader counts the list); the slide is a
        // group inside it, as a list item may not take another role.
        <li
          key={product.productID}
          className="min-w-0 shrink-0 grow-0 basis-[72%] pl-4 min-[790px]:basis-1/2 min-[830px]:basis-1/3 min-[1024px]:basis-1/4"
        >
          <div
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${products.length}`}
            className="h-full"
          >
            <ProductCard product={product} imageSizes={PRODUCT_IMAGE_SIZES.carousel} />
          </div>
        </li>
      )),
    [products],
  );

  return (
    // A group, not a region: the section around it is already the landmark with this name.
    <div role="group" aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={started ? viewportRef : undefined} className="overflow-hidden">
        <ul className="-ml-4 flex touch-pan-y">{slides}</ul>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button
          variant="secondary"
          size="icon"
          aria-label={HOME_PAGE.previousSlide}
          disabled={!canPrev}
          onClick={() => api?.scrollPrev()}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label={HOME_PAGE.nextSlide}
          disabled={!canNext}
          onClick={() => api?.scrollNext()}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </div>
  );
}
