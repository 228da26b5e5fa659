import { categoryTag, SALE_START, SHOP, type Product } from '@otaku/shared';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatMonthDay, formatPrice } from '../../lib/format';
import { useSaleOpening } from '../../lib/use-sale-opening';
import { paths } from '../../lib/paths';
import { Badge } from '../ui';
import { PreorderBadge } from './preorder-badge';
import { ProductImage, type ImagePriority } from './product-image';
import { WishlistHeart } from './wishlist-heart';

export interface ProductCardProps {
  product: Product;
  /** The `sizes` of the picture where the card is used. */
  imageSizes: string;
  /** How the picture loads: see ProductImage. */
  priority?: ImagePriority;
  className?: string;
}

/**
 * A product in a grid or a carousel: picture, tag, name and price, linking to its page, and the
 * wishlist heart. The link's area covers the card; its keyboard focus rings the card from
 * inside, where neither the card's rounded clipping nor a carousel's can hide it (WCAG 2.4.7).
 */
export function ProductCard({ product, imageSizes, priority, className }: ProductCardProps) {
  // A drop not open yet (decision 166) says when it comes, once this browser knows the time.
  const coming = useSaleOpening(product.saleStartsAt, false).state === 'upcoming';
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-100 transition hover:-translate-y-0.5 hover:shadow-lg hover:shadow-ink-900/10',
        'has-[a:focus-visible]:outline-3 has-[a:focus-visible]:-outline-offset-3 has-[a:focus-visible]:outline-sakura-500',
        className,
      )}
    >
      <div className="relative overflow-hidden">
        <ProductImage
          image={product.images}
          alt=""
          sizes={imageSizes}
          priority={priority}
          className={cn(
            'aspect-[3/4] w-full transition duration-300 group-hover:scale-[1.03]',
            !product.inStock && 'opacity-60 grayscale',
          )}
        />
        {!product.inStock && (
          <Badge tone="ink" className="absolute top-2 left-2">
            {SHOP.outOfStock}
          </Badge>
        )}
        {product.inStock && coming && product.saleStartsAt !== null && (
          <Badge tone="sakura" className="absolute top-2 left-2">
            {SALE_START.coming(formatMonthDay(product.saleStartsAt))}
          </Badge>
        )}
      </div>
      {/* Above the link's overlay and beside it, never inside it: a control of its own. */}
      <WishlistHeart
        productID={product.productID}
        productName={product.name}
        className="absolute top-2 right-2 z-10"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs font-semibold tracking-wide text-sakura-700 uppercase">
          {categoryTag(product)}
        </p>
        <h3 className="line-clamp-2 text-sm leading-snug font-bold text-ink-900">
          <Link
            to={paths.product(product.productID)}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </h3>
        <PreorderBadge product={product} />
        <p className="mt-auto pt-1 text-base font-extrabold text-ink-900">
          {formatPrice(product.price)}
        </p>
      </div>
    </article>
  );
}
