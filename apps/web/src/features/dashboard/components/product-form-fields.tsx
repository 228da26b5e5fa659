/** The category-dependent part of the product form: types, volumes or sizes, and stock. */
import {
  GENRES,
  LIMIT_PER_CUSTOMER_MAX,
  MERCH_TYPES,
  normaliseVolumes,
  SIZES,
  stockKeys,
  TOY_TYPES,
  type ProductFormErrors,
  type ProductFormValues,
} from '@otaku/shared';
import { FieldError, FieldHint, Input, Label } from '../../../components/ui';

export interface FieldsProps {
  values: ProductFormValues;
  errors: ProductFormErrors;
  set: (patch: Partial<ProductFormValues>) => void;
}

const select =
  'h-11 w-full rounded-xl bg-white px-3 text-sm shadow-sm ring-1 ring-inset ring-ink-200 focus-visible:ring-2 focus-visible:ring-sakura-500 focus-visible:outline-none';

const toggle = (list: string[], item: string) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

function StockInputs({ values, errors, set }: FieldsProps) {
  const keys = stockKeys(values);
  if (keys.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-ink-800">Stock</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {keys.map((key) => {
          const id = `stock-${key || 'single'}`;
          const error = errors[`stock.${key}`];
          return (
            <div key={key || 'single'} className="flex flex-col gap-1">
              {/* A single stock's field is named by the legend it sits under; said, not shown twice. */}
              <Label htmlFor={id} className={key ? undefined : 'sr-only'}>
                {key ? `Stock for ${key}` : 'Stock'}
              </Label>
              <Input
                id={id}
                inputMode="numeric"
                value={values.stock[key] ?? ''}
                invalid={Boolean(error)}
                onChange={(e) => set({ stock: { ...values.stock, [key]: e.target.value } })}
              />
              {error ? <FieldError>{error}</FieldError> : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function CategoryFields(props: FieldsProps) {
  const { values, errors, set } = props;
  if (values.category === 'comics')
    return (
      <>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-ink-800">Genres</legend>
          <div className="flex flex-wrap gap-3">
            {GENRES.map((g) => (
              <label key={g.slug} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={values.genres.includes(g.slug)}
                  onChange={() => set({ genres: toggle(values.genres, g.slug) })}
                />
                {g.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <Label htmlFor="volumes">Volumes</Label>
          <Input
            id="volumes"
            placeholder="V1, V2, V3"
            value={values.volumes}
            invalid={Boolean(errors.volumes)}
            onChange={(e) => set({ volumes: e.target.value })}
            onBlur={() => set({ volumes: normaliseVolumes(values.volumes) })}
          />
          {errors.volumes ? <FieldError>{errors.volumes}</FieldError> : null}
        </div>
        <StockInputs {...props} />
      </>
    );
  if (values.category === 'clothes' || values.category === 'shoes') {
    const types = MERCH_TYPES[values.category];
    return (
      <>
        <div className="flex flex-col gap-1">
          <Label htmlFor="merchType">Merchandise type</Label>
          <select
            id="merchType"
            className={select}
            value={values.merchType}
            onChange={(e) => set({ merchType: e.target.value })}
          >
            <option value="">Choose a type</option>
            {types.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.label}
              </option>
            ))}
          </select>
          {errors.merchType ? <FieldError>{errors.merchType}</FieldError> : null}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-ink-800">Sizes</legend>
          <div className="flex flex-wrap gap-3">
            {SIZES.map((s) => (
              <label key={s} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={values.sizes.includes(s)}
                  onChange={() => set({ sizes: toggle(values.sizes, s) })}
                />
                {s}
              </label>
            ))}
          </div>
          {/* The hint until the rule's own message says the same. */}
          {errors.sizes ? (
            <FieldError>{errors.sizes}</FieldError>
          ) : values.sizes.length === 0 ? (
            <FieldHint>Choose sizes to enter their stock.</FieldHint>
          ) : null}
        </fieldset>
        <StockInputs {...props} />
      </>
    );
  }
  if (values.category === 'toys')
    return (
      <>
        <div className="flex flex-col gap-1">
          <Label htmlFor="toyType">Toy type</Label>
          <select
            id="toyType"
            className={select}
            value={values.toyType}
            onChange={(e) => set({ toyType: e.target.value })}
          >
            <option value="">Choose a type</option>
            {TOY_TYPES.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.label}
              </option>
            ))}
          </select>
          {errors.toyType ? <FieldError>{errors.toyType}</FieldError> : null}
        </div>
        <StockInputs {...props} />
      </>
    );
  return null;
}

/** Units one customer may have of the product, cart and orders together; empty for none. */
export function LimitPerCustomerField({ values, errors, set }: FieldsProps) {
  const error = errors.limitPerCustomer;
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor="product-limit">Limit per customer</Label>
      <Input
        id="product-limit"
        inputMode="numeric"
        aria-describedby={error ? undefined : 'product-limit-hint'}
        value={values.limitPerCustomer ?? ''}
        invalid={Boolean(error)}
        onChange={(e) => set({ limitPerCustomer: e.target.value })}
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
