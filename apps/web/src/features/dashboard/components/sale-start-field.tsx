import { joinLocalDateTime, SALE_START, SALE_START_RULES, splitLocalDateTime } from '@otaku/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { DateField, FieldError, FieldHint, Label, TimeField } from '../../../components/ui';
import { useShownError, type ProductFields } from './product-form-fields';

const HINT_ID = 'product-sale-start-hint';

/**
 * When the product goes on sale (a limited drop, decision 166): a date typed as dd-mm-yyyy and
 * a time as hh:mm, 24-hour, in the staff member's own zone, as every dashboard date reads
 * (decision 171); the form sends the instant they name. Both empty: on sale at once.
 */
export function SaleStartField() {
  const { control } = useFormContext<ProductFields>();
  const error = useShownError()('saleStartsAt');
  // The API's rule names its own format (an instant with its zone); the form's fields, theirs.
  const message = error === SALE_START_RULES.invalid ? SALE_START.formInvalid : error;
  const describedBy = message ? undefined : HINT_ID;
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-ink-100">
      <legend className="px-1 text-sm font-semibold text-ink-800">{SALE_START.field}</legend>
      <Controller
        control={control}
        name="saleStartsAt"
        render={({ field }) => {
          const { date, time } = splitLocalDateTime(field.value ?? '');
          return (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="flex flex-col gap-1">
                <Label htmlFor="product-sale-start-date">{SALE_START.date}</Label>
                <DateField
                  id="product-sale-start-date"
                  name={field.name}
                  ref={field.ref}
                  value={date}
                  onChange={(next) => field.onChange(joinLocalDateTime(next, time))}
                  onBlur={field.onBlur}
                  invalid={Boolean(message)}
                  aria-describedby={describedBy}
                />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="product-sale-start-time">{SALE_START.time}</Label>
                <TimeField
                  id="product-sale-start-time"
                  value={time}
                  onChange={(next) => field.onChange(joinLocalDateTime(date, next))}
                  onBlur={field.onBlur}
                  invalid={Boolean(message)}
                  aria-describedby={describedBy}
                />
              </div>
            </div>
          );
        }}
      />
      {message ? (
        <FieldError>{message}</FieldError>
      ) : (
        <FieldHint id={HINT_ID}>{SALE_START.hint}</FieldHint>
      )}
    </fieldset>
  );
}
