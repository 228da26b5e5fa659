/**
 * Add or edit a product (spec §2, §4, §5). The rules are the shared ones (productFormSchema);
 * from the first change on they run on every change and speak on every field, and the server
 * checks them again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DASHBOARD,
  emptyProductForm,
  PRICE_MAX_CENTS,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_FORM,
  PRODUCT_NAME_MAX_LENGTH,
  productFormSchema,
  fromLocalDateTime,
  toLocalDateTime,
  type Product,
} from '@otaku/shared';
import { useEffect, useMemo } from 'react';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from '../../../lib/toast';
import {
  Button,
  FieldError,
  FieldHint,
  FileField,
  Input,
  Label,
  Modal,
} from '../../../components/ui';
import { useSaveProduct } from '../api/products';
import {
  CategoryFields,
  LimitPerCustomerField,
  rowsFor,
  TextField,
  useShownError,
  type ProductFields,
} from './product-form-fields';
import { SaleStartField } from './sale-start-field';
import { PreorderFields } from './preorder-fields';
import { showServerError, useServerErrorsClearOnChange } from './server-errors';

/** The fields a server refusal can name (a variant's stock as stock.<variant>). */
const FIELDS = [
  'productID',
  'name',
  'description',
  'price',
  'category',
  'genres',
  'volumes',
  'sizes',
  'merchType',
  'toyType',
  'limitPerCustomer',
  'saleStartsAt',
  'releaseDate',
  'preorderUntil',
  'image',
] as const;

const resolvers = {
  create: zodResolver(productFormSchema<File>('create'), undefined, { raw: true }),
  edit: zodResolver(productFormSchema<File>('edit'), undefined, { raw: true }),
};

function fromProduct(p: Product): ProductFields {
  const stock = typeof p.stock === 'number' ? { '': p.stock } : p.stock;
  const values = { category: p.category, volumes: p.volumes.join(', '), sizes: p.sizes };
  const counts = Object.fromEntries(Object.entries(stock).map(([k, v]) => [k, String(v)]));
  return {
    ...values,
    productID: p.productID,
    name: p.name,
    description: p.description,
    price: String(p.price),
    genres: p.genres,
    merchType: p.merchType ?? '',
    toyType: p.toyType ?? '',
    variants: rowsFor(values, counts),
    image: null,
    limitPerCustomer: p.limitPerCustomer === null ? '' : String(p.limitPerCustomer),
    saleStartsAt: toLocalDateTime(p.saleStartsAt),
    releaseDate: p.releaseDate ?? '',
    preorderUntil: p.preorderUntil ?? '',
  };
}

function emptyFields(): ProductFields {
  const { stock: _stock, hasImage: _hasImage, ...values } = emptyProductForm();
  return { ...values, variants: [], image: null };
}

function toFormData(values: ProductFields, edited?: Product | null) {
  const form = new FormData();
  if (values.productID) form.append('productID', values.productID);
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('price', values.price);
  form.append('category', values.category);
  const stock = Object.fromEntries(values.variants.map((row) => [row.variant, Number(row.stock)]));
  form.append('stock', JSON.stringify(values.category === 'toys' ? (stock[''] ?? 0) : stock));
  // The counts the form opened with: the server applies the change, not the count (decision 110).
  if (edited) form.append('stockSeen', JSON.stringify(edited.stock));
  if (values.category === 'comics') {
    form.append('volumes', JSON.stringify(values.variants.map((row) => row.variant)));
    form.append('genres', JSON.stringify(values.genres));
  } else if (values.category === 'toys') {
    form.append('toyType', values.toyType);
  } else {
    form.append('sizes', JSON.stringify(values.sizes));
    form.append('merchType', values.merchType);
  }
  form.append('limitPerCustomer', (values.limitPerCustomer ?? '').trim());
  // The field's date and time in this browser's zone, sent as the instant it names.
  form.append('saleStartsAt', fromLocalDateTime(values.saleStartsAt ?? ''));
  form.append('releaseDate', (values.releaseDate ?? '').trim());
  form.append('preorderUntil', (values.preorderUntil ?? '').trim());
  if (values.image) form.append('image', values.image);
  else if (edited) form.append('image', edited.image);
  return form;
}

/** Every rule speaks from the first change on, on every field, not only the one changed. */
function useCheckAllOnChange(form: UseFormReturn<ProductFields>) {
  const { watch, trigger } = form;
  useEffect(() => {
    const subscription = watch((_values, { name }) => name !== undefined && void trigger());
    return () => subscription.unsubscribe();
  }, [watch, trigger]);
}

// A component of its own, as every field is, so the fields register in the order they are
// shown: Save takes the focus to the first refused one in that order.
function DescriptionField() {
  const { register } = useFormContext<ProductFields>();
  const error = useShownError()('description');
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor="product-description">Description</Label>
      <textarea
        id="product-description"
        rows={3}
        maxLength={PRODUCT_DESCRIPTION_MAX_LENGTH}
        className="rounded-xl p-3 text-sm shadow-sm ring-1 ring-ink-200 ring-inset aria-invalid:ring-2 aria-invalid:ring-red-500"
        aria-invalid={error ? true : undefined}
        {...register('description')}
      />
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  );
}

/** The picture to upload, and its preview (the product's own picture until one is chosen). */
function PictureField({ product }: { product?: Product | null }) {
  const { field } = useController<ProductFields, 'image'>({ name: 'image' });
  const shownError = useShownError()('image');
  const { ref, name, onBlur, onChange, value: file } = field;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="product-image">Image</Label>
      <FileField
        id="product-image"
        accept="image/png,image/jpeg,image/gif,image/webp"
        ref={ref}
        name={name}
        onBlur={onBlur}
        file={file}
        onFile={onChange}
        invalid={Boolean(shownError)}
        aria-describedby="product-image-hint"
      />
      <FieldHint id="product-image-hint">{PRODUCT_FORM.imageHint}, image files only</FieldHint>
      {shownError ? <FieldError>{shownError}</FieldError> : null}
      {preview || product ? (
        <img
          src={preview ?? product?.images.small}
          alt="Product preview"
          className="h-40 w-30 rounded-xl object-cover ring-1 ring-ink-100"
        />
      ) : null}
    </div>
  );
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
  const form = useForm<ProductFields>({
    resolver: resolvers[mode],
    defaultValues: product ? fromProduct(product) : emptyFields(),
  });
  useServerErrorsClearOnChange(form, FIELDS);
  useCheckAllOnChange(form);
  const save = useSaveProduct(mode);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toFormData(values, product));
      toast.success(
        mode === 'create'
          ? DASHBOARD.productCreated(saved.product.productID)
          : DASHBOARD.productUpdated,
      );
      onOpenChange(false);
    } catch (error) {
      showServerError(form, error, FIELDS, DASHBOARD.productSaveError, (field) => {
        const row = values.variants.findIndex((r) => `stock.${r.variant}` === field);
        return row < 0 ? undefined : `variants.${row}.stock`;
      });
    }
  });

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
      <FormProvider {...form}>
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
          <div className="flex flex-col gap-1">
            <Label htmlFor="product-id">Product ID</Label>
            <Input
              id="product-id"
              disabled
              value={mode === 'create' ? 'Auto-generated on save' : form.getValues('productID')}
            />
            {errors.productID ? <FieldError>{errors.productID.message}</FieldError> : null}
          </div>
          <TextField name="name" label="Name" maxLength={PRODUCT_NAME_MAX_LENGTH} />
          <DescriptionField />
          <TextField
            name="price"
            label="Price ($)"
            type="number"
            step="0.01"
            min={0.01}
            max={PRICE_MAX_CENTS / 100}
          />
          <CategoryFields />
          <LimitPerCustomerField />
          <SaleStartField />
          <PreorderFields />
          <PictureField product={product} />
          {errors.root?.server ? <FieldError>{errors.root.server.message}</FieldError> : null}
        </form>
      </FormProvider>
    </Modal>
  );
}
