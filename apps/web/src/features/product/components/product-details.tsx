import {
  CART_INFO,
  categoryTag,
  GENRES,
  PREORDER,
  PRODUCT_IMAGE_SIZES,
  PRODUCT_PAGE,
  SALE_START,
  SHOP,
  shopToday,
  type Product,
} from '@otaku/shared';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { PreorderBadge, ProductImage, WishlistHeart } from '../../../components/catalog';
import { Badge, Button } from '../../../components/ui';
import { useCart } from '../../../lib/cart/cart-api';
import { useAddToCart } from '../../../lib/cart/use-add-to-cart';
import { formatPrice } from '../../../lib/format';
import { useSaleOpening } from '../../../lib/use-sale-opening';
import * as rules from '../lib/purchase';
import { BackInStock } from './back-in-stock';
import { QuantityStepper } from './quantity-stepper';
import { SALE_OPENS_ID, SaleCountdown } from './sale-countdown';
import { VariantPicker } from './variant-picker';

export interface ProductDetailsProps {
  product: Product;
  /** Keeps the page's copy of the product in step with the stock add-to-cart reports. */
  onStockChange: (variant: string, stock: number) => void;
}

/** Everything of spec §2 "Product detail" except the Back link, which the route draws. */
export function ProductDetails({ product, onStockChange }: ProductDetailsProps) {
  const [purchase, setPurchase] = useState(() => rules.initialPurchase(product));
  const { addToCart, isPending } = useAddToCart();
  // The shopper's cart, for the shop's ceilings: the stepper stops where an add would be refused.
  const { data: cart } = useCart();
  const variants = rules.variantsOf(product);
  // Nothing of it left to add, as the shop's grid already shows.
  const soldOut = !product.inStock;
  // A pre-order past its last pre-order day takes no more units until its release (the server
  // refuses them too, decision 167).
  const preordersClosed =
    !!product.releaseDate && !!product.preorderUntil && product.preorderUntil < shopToday();
  const genres = product.genres.map((slug) => GENRES.find((g) => g.slug === slug)?.label ?? slug);
  // A drop that has not opened (decision 166): the countdown, and no adding until it ends.
  const opening = useSaleOpening(product.saleStartsAt);
  const notOpen = opening.state !== 'open';

  const apply = ({ purchase: next, message }: rules.Step) => {
    setPurchase(next);
    if (message) toast.error(message);
  };

  const add = async () => {
    const variant = purchase.variant;
    const outcome = await addToCart({
      productId: product.productID,
      variant,
      hasVariants: variants.length > 0,
      quantity: purchase.quantity,
    });
    if (variant === null) return;
    if (outcome.kind === 'added') {
      onStockChange(variant, outcome.stock);
      setPurchase(rules.afterAdd(rules.withStock(product, variant, outcome.stock), purchase));
    } else if (outcome.kind === 'out-of-stock') {
      onStockChange(variant, 0);
      setPurchase({ variant: variants.length > 0 ? null : '', quantity: 0 });
    } else if (outcome.kind === 'high-demand' && outcome.available !== null) {
      onStockChange(variant, outcome.available);
      setPurchase((p) => ({ ...p, quantity: Math.min(p.quantity, outcome.available ?? 0) }));
    }
  };

  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:gap-12">
      <div className="mx-auto w-full max-w-md overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-ink-100 md:sticky md:top-24 md:mx-0 md:max-w-none md:self-start">
        <ProductImage
          image={product.images}
          alt={product.name}
          sizes={PRODUCT_IMAGE_SIZES.productPage}
          priority="high"
          className="aspect-[3/4] w-full"
        />
      </div>

      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <Badge tone="sakura" size="md" className="w-fit">
            {categoryTag(product)}
          </Badge>
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-3xl font-black text-ink-900 sm:text-4xl">{product.name}</h1>
            <WishlistHeart productID={product.productID} className="mt-1" />
          </div>
          <PreorderBadge product={product} size="md" />
          {product.category === 'comics' && genres.length > 0 && (
            <ul aria-label={PRODUCT_PAGE.genres} className="flex flex-wrap gap-2">
              {genres.map((genre) => (
                <li key={genre}>
                  <Badge tone="ink">{genre}</Badge>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-3xl font-extrabold text-ink-900">{formatPrice(product.price)}</p>
            {soldOut && (
              <Badge tone="ink" size="md">
                {SHOP.outOfStock}
              </Badge>
            )}
          </div>
        </div>

        <p className="leading-relaxed whitespace-pre-line text-ink-700">{product.description}</p>

        <div className="flex flex-col gap-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink-100 sm:p-6">
          {variants.length > 0 && (
            <VariantPicker
              legend={product.category === 'comics' ? PRODUCT_PAGE.volume : PRODUCT_PAGE.size}
              variants={variants}
              stockOf={(variant) => rules.stockOf(product, variant)}
              value={purchase.variant}
              onSelect={(variant) => apply(rules.selectVariant(product, purchase, variant))}
            />
          )}
          {rules.allVariantsSoldOut(product) && (
            <p className="text-sm font-semibold text-ink-700">
              {PRODUCT_PAGE.allSoldOut(product.category === 'comics' ? 'volumes' : 'sizes')}
            </p>
          )}
          <BackInStock product={product} />
          <QuantityStepper
            value={purchase.quantity}
            onDecrease={() => apply(rules.decrease(product, purchase))}
            onIncrease={() =>
              apply(
                rules.increase(
                  product,
                  purchase,
                  rules.roomInCart(
                    cart,
                    product.productID,
                    purchase.variant,
                    product.limitPerCustomer,
                  ),
                ),
              )
            }
          />
          {product.releaseDate && (
            <div className="flex flex-col gap-1 text-sm font-medium text-ink-700">
              {product.preorderUntil && !preordersClosed && (
                <p>{PREORDER.orderBy(product.preorderUntil)}</p>
              )}
              <p>{preordersClosed ? PREORDER.closedNote : PREORDER.paymentNote}</p>
            </div>
          )}
          {product.limitPerCustomer !== null && (
            <p className="text-sm font-medium text-ink-700">
              {CART_INFO.limitedTo(product.limitPerCustomer)}
            </p>
          )}
          <dl className="grid grid-cols-2 gap-3 border-t border-ink-100 pt-5">
            <div>
              <dt className="text-sm text-ink-500">{PRODUCT_PAGE.unitPrice}</dt>
              <dd className="text-lg font-bold text-ink-900">{formatPrice(product.price)}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-500">{PRODUCT_PAGE.totalPrice}</dt>
              <dd className="text-lg font-bold text-ink-900" aria-live="polite">
                {formatPrice(rules.lineTotal(product.price, purchase.quantity))}
              </dd>
            </div>
          </dl>
          {notOpen && product.saleStartsAt !== null && (
            <SaleCountdown
              saleStartsAt={product.saleStartsAt}
              msLeft={opening.state === 'upcoming' ? opening.msLeft : null}
            />
          )}
          {product.saleStartsAt !== null && (
            <p role="status" className="sr-only">
              {opening.state === 'open' && opening.justOpened ? SALE_START.nowOpen : ''}
            </p>
          )}
          <Button
            size="lg"
            onClick={() => void add()}
            disabled={isPending || soldOut || notOpen || preordersClosed}
            aria-describedby={notOpen ? SALE_OPENS_ID : undefined}
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
            {notOpen ? SALE_START.notYet : PRODUCT_PAGE.addToCart}
          </Button>
        </div>
      </div>
    </div>
  );
}
