/**
 * The category and what depends on it in the product form: types, volumes or sizes, and a stock
 * row per variant (a field array that follows the volumes or sizes as they change).
 */
import {
  CATEGORIES,
  CATEGORY_LABELS,
  GENRES,
  LIMIT_PER_CUSTOMER_MAX,
  MERCH_TYPES,
  normaliseVolumes,
  SIZES,
  stockKeys,
  TOY_TYPES,
  type ProductFormFields,
  type StockRow,
} from '@otaku/shared';
import { useRef } from 'react';
import {
  useController,
  useFieldArray,
  useFormContext,
  useWatch,
  type FieldArrayWithId,
  type FieldPath,
  type RegisterOptions,
} from 'react-hook-form';
import { FieldError, FieldHint, Input, Label, type InputProps } from '../../../components/ui';

/** The product form's values: the shared fields, with the picture as a file. */
export type ProductFields = ProductFormFields<File>;
type VariantsOf = Pick<ProductFields, 'category' | 'volumes' | 'sizes'>;

const select =
  'h-11 w-full rounded-xl bg-white px-3 text-sm shadow-sm ring-1 ring-inset ring-ink-200 focus-visible:ring-2 focus-visible:ring-sakura-500 focus-visible:outline-none aria-invalid:ring-2 aria-invalid:ring-red-500 aria-invalid:focus-visible:outline-2 aria-invalid:focus-visible:outline-solid aria-invalid:focus-visible:outline-offset-2 aria-invalid:focus-visible:outline-sakura-500';

/** The rows these values call for, each with the count last typed for its variant. */
export const rowsFor = (values: VariantsOf, counts: Record<string, string> = {}): StockRow[] =>
  stockKeys(values).map((variant) => ({ variant, stock: counts[variant] ?? '' }));

const variantsOf = (rows: StockRow[]) => JSON.stringify(rows.map((row) => row.variant));

const isEmpty = (value: unknown) =>
  value == null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * A field's message as the form shows it. The whole form is checked after every change
 * (`useCheckAllOnChange`), so that a rule one field breaks by another's change speaks at once;
 * but a field still empty that nobody has touched is not told it is required until it is touched
 * or the form is submitted: picking a category does not flag every field it brings. Anything
 * else a field breaks (a description saved past the limit, a stock that is not a number) shows
 * at once. A stock row the form adds (a category, a volume or a size chosen) differs from the
 * form's first values without anyone having changed it, so a stock field counts as changed only
 * once touched (decision 171).
 */
export function useShownError(): (name: FieldPath<ProductFields>) => string | undefined {
  const { formState, getFieldState, getValues } = useFormContext<ProductFields>();
  return (name) => {
    const { error, isTouched, isDirty } = getFieldState(name, formState);
    if (!error) return undefined;
    const changed = isDirty && !name.startsWith('variants.');
    const said = formState.isSubmitted || isTouched || changed || !isEmpty(getValues(name));
    return said ? error.message : undefined;
  };
}

/**
 * The stock rows, and `follow`, which gives them the variants that values about to be set call
 * for. Called before the value is set, so the rules never see one without the other. A count
 * typed for a variant that goes (a size ticked off) comes back with it until the category
 * changes, as the form kept it before.
 */
function useStockRows() {
  const { control, getValues } = useFormContext<ProductFields>();
  const { fields, replace } = useFieldArray({ control, name: 'variants' });
  const counts = useRef<Record<string, string>>({});
  const follow = (next: Partial<VariantsOf>) => {
    const current = getValues();
    if (next.category !== undefined) counts.current = {};
    else for (const row of current.variants) counts.current[row.variant] = row.stock;
    const rows = rowsFor({ ...current, ...next }, counts.current);
    if (variantsOf(rows) !== variantsOf(current.variants)) replace(rows);
  };
  return { rows: fields, follow };
}

function StockInputs({ rows }: { rows: FieldArrayWithId<ProductFields, 'variants'>[] }) {
  const { register, formState } = useFormContext<ProductFields>();
  const shownError = useShownError();
  if (rows.length === 0) return null;
  const errors = formState.errors.variants;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-ink-800">Stock</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {rows.map(({ id, variant }, index) => {
          const inputId = `stock-${variant || 'single'}`;
          const error = shownError(`variants.${index}.stock`);
          return (
            <div key={id} className="flex flex-col gap-1">
              {/* A single stock's field is named by the legend it sits under; said, not shown twice. */}
              <Label htmlFor={inputId} className={variant ? undefined : 'sr-only'}>
                {variant ? `Stock for ${variant}` : 'Stock'}
              </Label>
              <Input
                id={inputId}
                inputMode="numeric"
                invalid={Boolean(error)}
                {...register(`variants.${index}.stock`)}
              />
              {error ? <FieldError>{error}</FieldError> : null}
            </div>
          );
        })}
      </div>
      {errors?.root ? <FieldError>{errors.root.message}</FieldError> : null}
    </fieldset>
  );
}

/** Checkboxes for a list of choices, in the order they were ticked. */
function Choices({
  name,
  legend,
  options,
  onChoose,
}: {
  name: 'genres' | 'sizes';
  legend: string;
  options: readonly { value: string; label: string }[];
  /** Told the new list before it is set. */
  onChoose?: (chosen: string[]) => void;
}) {
  const { field } = useController<ProductFields, typeof name>({ name });
  const toggle = (item: string) => {
    const chosen = field.value.includes(item)
      ? field.value.filter((x) => x !== item)
      : [...field.value, item];
    onChoose?.(chosen);
    field.onChange(chosen);
    // A box ticked or unticked is the list touched (useShownError): unticking the last one
    // says the list is required, though the list is then as it started.
    field.onBlur();
  };
  return (
    <>
      <legend className="text-sm font-semibold text-ink-800">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map(({ value, label }) => (
          <label key={value} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={field.value.includes(value)}
              onChange={() => toggle(value)}
            />
            {label}
          </label>
        ))}
      </div>
    </>
  );
}

function TypeSelect({
  name,
  label,
  types,
}: {
  name: 'merchType' | 'toyType';
  label: string;
  types: readonly { slug: string; label: string }[];
}) {
  const { register } = useFormContext<ProductFields>();
  const error = useShownError()(name);
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={name}>{label}</Label>
      <select
        id={name}
        className={select}
        aria-invalid={error ? true : undefined}
        {...register(name)}
      >
        <option value="">Choose a type</option>
        {types.map((t) => (
          <option key={t.slug} value={t.slug}>
            {t.label}
          </option>
        ))}
      </select>
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  );
}

type TextName = 'name' | 'price' | 'volumes';

/** A labelled input of the form, with its rule's message under it. */
export function TextField<N extends TextName>({
  name,
  label,
  id = `product-${name}`,
  options,
  ...input
}: InputProps & {
  name: N;
  label: string;
  options?: RegisterOptions<ProductFields, N>;
}) {
  const { register } = useFormContext<ProductFields>();
  const error = useShownError()(name);
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} invalid={Boolean(error)} {...input} {...register(name, options)} />
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  );
}

const GENRE_CHOICES = GENRES.map((g) => ({ value: g.slug, label: g.label }));
const SIZE_CHOICES = SIZES.map((s) => ({ value: s, label: s }));

/** The category select, and the fields its choice calls for; a new category starts them empty. */
export function CategoryFields() {
  const { register, setValue, getValues, control } = useFormContext<ProductFields>();
  const shownError = useShownError();
  const categoryError = shownError('category');
  const sizesError = shownError('sizes');
  const [category, sizes] = useWatch({ control, name: ['category', 'sizes'] });
  const { rows, follow } = useStockRows();
  const volumes: RegisterOptions<ProductFields, 'volumes'> = {
    onChange: () => follow({}),
    onBlur: () => {
      const normalised = normaliseVolumes(getValues('volumes'));
      follow({ volumes: normalised });
      setValue('volumes', normalised);
    },
  };
  const choose = register('category', {
    onChange: () => {
      const chosen = getValues('category');
      follow({ category: chosen, volumes: '', sizes: [] });
      for (const name of ['volumes', 'merchType', 'toyType'] as const) setValue(name, '');
      for (const name of ['genres', 'sizes'] as const) setValue(name, []);
    },
  });

  return (
    <>
      <div className="flex flex-col gap-1">
        <Label htmlFor="product-category">Category</Label>
        <select id="product-category" className={select} {...choose}>
          <option value="">Choose a category</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
        {categoryError ? <FieldError>{categoryError}</FieldError> : null}
      </div>
      {category === 'comics' ? (
        <>
          <fieldset className="flex flex-col gap-2">
            <Choices name="genres" legend="Genres" options={GENRE_CHOICES} />
          </fieldset>
          <TextField
            name="volumes"
            id="volumes"
            label="Volumes"
            placeholder="V1, V2, V3"
            options={volumes}
          />
        </>
      ) : null}
      {category === 'clothes' || category === 'shoes' ? (
        <>
          <TypeSelect name="merchType" label="Merchandise type" types={MERCH_TYPES[category]} />
          <fieldset className="flex flex-col gap-2">
            <Choices
              name="sizes"
              legend="Sizes"
              options={SIZE_CHOICES}
              onChoose={(chosen) => follow({ sizes: chosen })}
            />
            {/* The hint until the rule's own message says the same. */}
            {sizesError ? (
              <FieldError>{sizesError}</FieldError>
            ) : sizes.length === 0 ? (
              <FieldHint>Choose sizes to enter their stock.</FieldHint>
            ) : null}
          </fieldset>
        </>
      ) : null}
      {category === 'toys' ? (
        <TypeSelect name="toyType" label="Toy type" types={TOY_TYPES} />
      ) : null}
      <StockInputs rows={rows} />
    </>
  );
}

/** Units one customer may have of the product, cart and orders together; empty for none. */
export function LimitPerCustomerField() {
  const { register } = useFormContext<ProductFields>();
  const error = useShownError()('limitPerCustomer');
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor="product-limit">Limit per customer</Label>
      <Input
        id="product-limit"
        inputMode="numeric"
        aria-describedby={error ? undefined : 'product-limit-hint'}
        invalid={Boolean(error)}
        {...register('limitPerCustomer')}
      />
      {error ? (
        <FieldError>{error}</FieldError>
      ) : (
        <FieldHint id="product-limit-hint">
          {`Optional, for limited editions: 1 to ${LIMIT_PER_CUSTOMER_MAX} units per customer, counting their orders too. Leave empty for no limit.`}
        </FieldHint>
      )}
    </div>
  );
}

export { select as selectClasses };
