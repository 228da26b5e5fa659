import { SALE_START } from '@otaku/shared';
import { useFormContext } from 'react-hook-form';
import { FieldError, FieldHint, Input, Label } from '../../../components/ui';
import { useShownError, type ProductFields } from './product-form-fields';

/**
 * When the product goes on sale (a limited drop, decision 166), in the staff member's own zone
 * as the browser's date and time field holds it; the form sends the instant. Empty: at once.
 */
export function SaleStartField() {
  const { register } = useFormContext<ProductFields>();
  const error = useShownError()('saleStartsAt');
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor="product-sale-start">{SALE_START.field}</Label>
      <Input
        id="product-sale-start"
        type="datetime-local"
        aria-describedby={error ? undefined : 'product-sale-start-hint'}
        invalid={Boolean(error)}
        {...register('saleStartsAt')}
      />
      {error ? (
        <FieldError>{error}</FieldError>
      ) : (
        <FieldHint id="product-sale-start-hint">{SALE_START.hint}</FieldHint>
      )}
    </div>
  );
}
