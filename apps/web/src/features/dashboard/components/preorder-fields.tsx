/**
 * The product form's pre-order dates (decision 167): a release date makes the product a
 * pre-order, its stock the pre-order allocation; the last pre-order date is optional. Both in
 * the dashboard's dd-mm-yyyy; empty for an ordinary product.
 */
import { PREORDER_FORM } from '@otaku/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { DateField, FieldError, FieldHint, Label } from '../../../components/ui';
import { useShownError, type ProductFields } from './product-form-fields';

function PreorderDate({
  name,
  id,
  label,
  hint,
}: {
  name: 'releaseDate' | 'preorderUntil';
  id: string;
  label: string;
  hint: string;
}) {
  const { control } = useFormContext<ProductFields>();
  const error = useShownError()(name);
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateField
            id={id}
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={Boolean(error)}
            aria-describedby={error ? undefined : hintId}
          />
        )}
      />
      {error ? <FieldError>{error}</FieldError> : <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}

export function PreorderFields() {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl p-3 ring-1 ring-ink-100">
      <legend className="px-1 text-sm font-semibold text-ink-800">{PREORDER_FORM.legend}</legend>
      <PreorderDate
        name="releaseDate"
        id="product-release-date"
        label={PREORDER_FORM.releaseDate}
        hint={PREORDER_FORM.releaseDateHint}
      />
      <PreorderDate
        name="preorderUntil"
        id="product-preorder-until"
        label={PREORDER_FORM.preorderUntil}
        hint={PREORDER_FORM.preorderUntilHint}
      />
    </fieldset>
  );
}
