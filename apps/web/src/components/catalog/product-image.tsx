import { productImageSrcSet, type ProductImage as ProductImageUrls } from '@otaku/shared';
import { cn } from '../../lib/cn';

export type ImagePriority = 'high' | 'eager';

/** The fetch priority of each kind of picture on the first screen (ProductImageProps.priority). */
const FETCH_PRIORITY = { high: 'high', eager: 'low' } as const;

export interface ProductImageProps {
  image: ProductImageUrls;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each screen width. */
  sizes: string;
  /**
   * On the first screen: `'high'` for a picture likely to be the page's largest paint (loaded at
   * once, before other pictures), `'eager'` for one merely in view (loaded at once, but after
   * them: a low priority the browser keeps when it lays the picture out in view, so that on a
   * slow network it does not take bandwidth from the largest paint's). Without it the picture
   * waits until it scrolls near.
   */
  priority?: ImagePriority;
  /** Give it a width (w-full, w-10…); the height follows from the aspect ratio. */
  className?: string;
}

/**
 * A product picture in both WebP sizes. width and height give the browser the aspect ratio
 * before the file arrives, so nothing on the page moves when it does.
 */
export function ProductImage({ image, alt, sizes, priority, className }: ProductImageProps) {
  return (
    <img
      src={image.large}
      srcSet={productImageSrcSet(image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? FETCH_PRIORITY[priority] : 'auto'}
      decoding="async"
      className={cn('h-auto bg-ink-100 object-cover', className)}
    />
  );
}
