/**
 * Add or edit a product (spec §2, §4, §5). The rules are the shared ones and run on every
 * change; the server checks them again.
 */
import {
  CATEGORIES,
  CATEGORY_LABELS,
  checkProductForm,
  DASHBOARD,
  emptyProductForm,
  PRICE_MAX_CENTS,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_FORM,
  PRODUCT_NAME_MAX_LENGTH,
  stockKeys,
  type Category,
  type Product,
  type ProductFormValues,
} from '@otaku/shared';
import { useEffect, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button, FieldError, FieldHint, Input, Label, Modal } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useSaveProduct } from '../api/products';
import { CategoryFields, LimitPerCustomerField, selectClasses } from './product-form-fields';
import { useFormValues } from './use-form-values';

function fromProduct(p: Product): ProductFormValues {
  const stock =
    typeof p.stock === 'number'
      ? { '': String(p.stock) }
      : Object.fromEntries(Object.entries(p.stock).map(([k, v]) => [k, String(v)]));
  return {
    productID: p.productID,
    name: p.name,
    description: p.description,
    price: String(p.price),
    category: p.category,
    genres: p.genres,
    volumes: p.volumes.join(', '),
    sizes: p.sizes,
    merchType: p.merchType ?? '',
    toyType: p.toyType ?? '',
    stock,
    hasImage: true,
    limitPerCustomer: p.limitPerCustomer === null ? '' : String(p.limitPerCustomer),
  };
}

function toFormData(values: ProductFormValues, file: File | null, edited?: Product | null) {
  const form = new FormData();
  if (values.productID) form.append('productID', values.productID);
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('price', values.price);
  form.append('category', values.category);
  const stock = Object.fromEntries(stockKeys(values).map((k) => [k, Number(values.stock[k])]));
  form.append('stock', JSON.stringify(values.category === 'toys' ? (stock[''] ?? 0) : stock));
  // The counts the form opened with: the server applies the change, not the count (decision 110).
  if (edited) form.append('stockSeen', JSON.stringify(edited.stock));
  if (values.category === 'comics') {
    form.append('volumes', JSON.stringify(stockKeys(values)));
    form.append('genres', JSON.stringify(values.genres));
  } else if (values.category === 'toys') {
    form.append('toyType', values.toyType);
  } else {
    form.append('sizes', JSON.stringify(values.sizes));
    form.append('merchType', values.merchType);
  }
  form.append('limitPerCustomer', (values.limitPerCustomer ?? '').trim());
  if (file) form.append('image', file);
  else if (edited) form.append('image', edited.image.large);
  return form;
}

export function ProductFormModal({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; absent in create mode. */
  product?: Product | null;
}) {
  const mode = product ? 'edit' : 'create';
  // The page gives each opening its own key, so the form starts from the product every time.
  const form = useFormValues<ProductFormValues>(() =>
    product ? fromProduct(product) : emptyProductForm(),
  );
  const { values, serverError, setServerError } = form;
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const save = useSaveProduct(mode);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const errors = touched ? checkProductForm(values, mode) : {};
  const set = (patch: Partial<ProductFormValues>) => {
    setTouched(true);
    form.set(patch);
  };
  const changeCategory = (category: Category | '') =>
    set({ category, genres: [], volumes: '', sizes: [], merchType: '', toyType: '', stock: {} });

  const submit = async () => {
    setTouched(true);
    if (Object.keys(checkProductForm(values, mode)).length > 0) return;
    try {
      const saved = await save.mutateAsync(toFormData(values, file, product));
      toast.success(
        mode === 'create'
          ? DASHBOARD.productCreated(saved.product.productID)
          : DASHBOARD.productUpdated,
      );
      onOpenChange(false);
    } catch (error) {
      setServerError(errorMessage(error, DASHBOARD.productSaveError));
    }
  };

  const field = (name: 'name' | 'price', label: string, type = 'text') => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`product-${name}`}>{label}</Label>
      <Input
        id={`product-${name}`}
        type={type}
        step={type === 'number' ? '0.01' : undefined}
        min={type === 'number' ? 0.01 : undefined}
        max={type === 'number' ? PRICE_MAX_CENTS / 100 : undefined}
        maxLength={name === 'name' ? PRODUCT_NAME_MAX_LENGTH : undefined}
        value={values[name]}
        invalid={Boolean(errors[name])}
        onChange={(e) => set({ [name]: e.target.value })}
      />
      {errors[name] ? <FieldError>{errors[name]}</FieldError> : null}
    </div>
  );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      dismissible={false}
      size="lg"
      title={mode === 'create' ? 'Add New Product' : 'Edit Product'}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={save.isPending} onClick={() => void submit()}>
            {save.isPending ? 'Saving…' : mode === 'create' ? 'Create Product' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="product-id">Product ID</Label>
          <Input
            id="product-id"
            disabled
            value={mode === 'create' ? 'Auto-generated on save' : values.productID}
          />
          {errors.productID ? <FieldError>{errors.productID}</FieldError> : null}
        </div>
        {field('name', 'Name')}
        <div className="flex flex-col gap-1">
          <Label htmlFor="product-description">Description</Label>
          <textarea
            id="product-description"
            rows={3}
            maxLength={PRODUCT_DESCRIPTION_MAX_LENGTH}
            className="rounded-xl p-3 text-sm shadow-sm ring-1 ring-ink-200 ring-inset"
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
          />
          {errors.description ? <FieldError>{errors.description}</FieldError> : null}
        </div>
        {field('price', 'Price ($)', 'number')}
        <div className="flex flex-col gap-1">
          <Label htmlFor="product-category">Category</Label>
          <select
            id="product-category"
            className={selectClasses}
            value={values.category}
            onChange={(e) => changeCategory(e.target.value as Category | '')}
          >
            <option value="">Choose a category</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
          {errors.category ? <FieldError>{errors.category}</FieldError> : null}
        </div>
        <CategoryFields values={values} errors={errors} set={set} />
        <LimitPerCustomerField values={values} errors={errors} set={set} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="product-image">Image</Label>
          <input
            id="product-image"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              set({ hasImage: Boolean(chosen) || mode === 'edit' });
            }}
          />
          <FieldHint>{PRODUCT_FORM.imageHint}, image files only</FieldHint>
          {errors.image ? <FieldError>{errors.image}</FieldError> : null}
          {preview || product ? (
            <img
              src={preview ?? product?.image.small}
              alt="Product preview"
              className="h-40 w-30 rounded-xl object-cover ring-1 ring-ink-100"
            />
          ) : null}
        </div>
        {serverError ? <FieldError>{serverError}</FieldError> : null}
      </form>
    </Modal>
  );
}
