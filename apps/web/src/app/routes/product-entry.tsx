import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ProductScreen } from '../lazy-screens';

/**
 * /shop/:id. Links of the form /shop/:<id> (a literal colon, spec §2) are sent to the
 * canonical /shop/<id>, replacing the history entry (DESIGN.md §4).
 */
export function ProductEntry() {
  const { productId = '' } = useParams();
  if (productId.startsWith(':')) {
    return <Navigate to={paths.product(productId.replace(/^:+/, ''))} replace />;
  }
  return <ProductScreen />;
}
