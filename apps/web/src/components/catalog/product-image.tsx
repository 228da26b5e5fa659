import { productImageSrcSet, type ProductImage as ProductImageUrls } from '@otaku/shared';
import { cn } from '../../lib/cn';

export interface ProductImageProps {
  image: ProductImageUrls;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each screen width. */
  sizes: string;
  /** Above the fold: load at once and early; otherwise wait until it scrolls near. */
  priority?: boolean;
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
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={cn('h-auto bg-ink-100 object-cover', className)}
    />
  );
}
