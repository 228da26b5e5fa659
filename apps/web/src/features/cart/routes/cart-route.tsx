import { ShoppingCart } from 'lucide-react';
import { ButtonLink, Page, ScreenPlaceholder } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** /cart (spec §2, Cart): the cart and checkout work builds it here. */
export function CartRoute() {
  return (
    <Page>
      <ScreenPlaceholder
        icon={ShoppingCart}
        title="Your cart"
        summary="Review what you picked, then check out."
        upcoming={[
          'Each item with image, name, variant, price and quantity buttons',
          'An order summary: item count, subtotal, $5 shipping and total',
          'Delivery address and payment by cash on delivery or card',
          'An optional coupon code before payment',
        ]}
      >
        <ButtonLink to={paths.shop} variant="secondary">
          Keep shopping
        </ButtonLink>
      </ScreenPlaceholder>
    </Page>
  );
}
