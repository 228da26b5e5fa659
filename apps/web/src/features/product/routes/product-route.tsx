import { ArrowLeft, Package } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink, Page, ScreenPlaceholder } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** /shop/:productId (spec §2, Product detail): the catalog work builds it here. */
export function ProductRoute() {
  const { productId = '' } = useParams();
  return (
    <Page>
      <ScreenPlaceholder
        icon={Package}
        title={`Product ${productId}`}
        summary="The full details of one product, ready to add to the cart."
        upcoming={[
          'Image, name, category tag and, for comics, genres',
          'Description',
          'Variant picker (volume or size, out-of-stock variants disabled) and a quantity stepper',
          'Unit price, total price and Add to Cart',
        ]}
      >
        <ButtonLink to={paths.shop} variant="secondary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to shop
        </ButtonLink>
      </ScreenPlaceholder>
    </Page>
  );
}
