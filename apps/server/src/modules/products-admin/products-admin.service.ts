/**
 * Creating, editing and deleting products from the dashboard. The form rules are the shared
 * ones (packages/shared product-form.ts); an uploaded image is re-encoded to WebP in two sizes.
 */
import {
  checkProductForm,
  DASHBOARD_RULES,
  dateFieldValue,
  PREORDER_RULES,
  PRODUCT_FORM,
  shopToday,
  toProductPayload,
  type ProductFormMode,
  type ProductFormValues,
} from '@otaku/shared';
import type { Database } from '../../db/client';
import { violatedConstraint } from '../../lib/db-errors';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { base32, newProductId } from '../../lib/ids';
import { buildSearchText } from '../catalog/search-text';
import type { UploadedImage } from '../media/image-upload';
import { isImagesUnavailable, type ImageStore } from '../media/image-store';
import { removeUnlessShown } from '../media/image-sweep';
import { removeProductImages, writeProductImages } from '../media/product-images';
import type { OrderMailer } from '../orders/order-mails';
import { moveOrderedRelease } from '../orders/orders.repo';
import * as repo from './products-admin.repo';

export interface ProductsAdminDeps {
  database: Database;
  images: ImageStore;
  /** Woken when a moved release date owes its buyers a mail (decision 170). */
  orderMails?: OrderMailer;
}

/** A product's pre-order dates as stored (decision 167). */
type StoredDates = Pick<repo.ProductRow, 'releaseDate' | 'preorderUntil'>;

/**
 * The form's values checked by the shared rules. The pre-order dates are checked together,
 * a date the client did not send as the product has it; a release date that is new (not the
 * product's) must lie ahead in the shop's calendar, one left as it was is not refused for it.
 */
function checked(values: ProductFormValues, mode: ProductFormMode, stored?: StoredDates) {
  const releaseDate = values.releaseDate ?? stored?.releaseDate ?? '';
  const preorderUntil = values.preorderUntil ?? stored?.preorderUntil ?? '';
  const releaseChanged = dateFieldValue(releaseDate) !== (stored?.releaseDate ?? '');
  const errors = checkProductForm({ ...values, releaseDate, preorderUntil }, mode, {
    ...(releaseChanged ? { today: shopToday() } : {}),
  });
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field && message) throw badRequest(message, field);
  return toProductPayload(values);
}

/**
 * Two saves of one product at once, each sending one of its pre-order dates, can still meet
 * the database's rule that the last pre-order day comes before the release: answered as the
 * form's own message, not as a failure.
 */
function unlessDatesCrossed(error: unknown): never {
  if (violatedConstraint(error) === 'products_preorder_until_check')
    throw badRequest(PREORDER_RULES.preorderUntilAfterRelease, 'preorderUntil');
  throw error;
}

/**
 * Decodes and stores the upload; an image sharp cannot read is the client's problem (400), a
 * store that cannot take it is ours (503).
 */
async function storeImage(images: ImageStore, key: string, image: UploadedImage) {
  try {
    return await writeProductImages(images, key, image.buffer);
  } catch (error) {
    await forget(images, key);
    if (isImagesUnavailable(error)) throw error;
    throw badRequest(DASHBOARD_RULES.imageUnreadable, 'image');
  }
}

/**
 * Removes pictures that were stored for a save that did not happen. When the store cannot be
 * reached, the hourly sweep removes them later (nothing names them).
 */
async function forget(images: ImageStore, key: string): Promise<void> {
  await removeProductImages(images, key).catch((error: unknown) => {
    if (!isImagesUnavailable(error)) throw error;
  });
}

function fields(payload: ReturnType<typeof toProductPayload>) {
  const { variants: _variants, saleStartsAt, ...product } = payload;
  const saleStart =
    saleStartsAt === undefined
      ? {}
      : { saleStartsAt: saleStartsAt === null ? null : new Date(saleStartsAt) };
  return { ...product, ...saleStart, searchText: buildSearchText(product) };
}

/** Creates the product under a fresh productID (retrying the rare clash) and returns it. */
export async function createProduct(
  deps: ProductsAdminDeps,
  values: ProductFormValues,
  image: UploadedImage | undefined,
): Promise<{ productID: string; image: string }> {
  const payload = checked(values, 'create');
  if (!image) throw badRequest(PRODUCT_FORM.imageRequired, 'image');
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = newProductId(payload.category);
    const stored = await storeImage(deps.images, id, image);
    try {
      const inserted = await deps.database.db
        .transaction(async (tx) => {
          if (!(await repo.insertProduct(tx, id, { ...fields(payload), ...stored }))) return false;
          await repo.replaceVariants(tx, id, payload.variants);
          return true;
        })
        .catch(unlessDatesCrossed);
      if (inserted) return { productID: id, image: stored.image };
    } catch (error) {
      await forget(deps.images, id);
      throw error;
    }
    // The id was taken: the files just written belong to nobody.
    await forget(deps.images, id);
  }
  throw new AppError(503, 'Could not allocate a product ID. Please try again.', 'UNAVAILABLE');
}

/**
 * Saves the edited product. Stock the form was opened with (`stockSeen`) is changed by what
 * the form changed, not overwritten (decision 110). A new image gets a new file key, because
 * image URLs are cached as immutable; the old files are removed once the new ones are in place,
 * unless an order or a checkout still shows them (media/image-sweep.ts).
 */
export async function updateProduct(
  deps: ProductsAdminDeps,
  values: ProductFormValues,
  image: UploadedImage | undefined,
  stockSeen?: ReadonlyMap<string, number>,
): Promise<{ productID: string; image: string }> {
  const id = values.productID.trim();
  const existing = id ? await repo.findProduct(deps.database.db, id) : undefined;
  const payload = checked(values, 'edit', existing);
  if (!existing) throw notFound(DASHBOARD_RULES.productNotFound);
  const key = image ? `${id}-${base32(4)}` : null;
  const stored = key && image ? await storeImage(deps.images, key, image) : undefined;
  let movedOrders = 0;
  try {
    await deps.database.db.transaction(async (tx) => {
      const before = await repo.lockReleaseDate(tx, id);
      // Deleted since it was read: saving it would bring back its variants without it.
      if (!before || !(await repo.updateProduct(tx, id, { ...fields(payload), ...stored })))
        throw notFound(DASHBOARD_RULES.productNotFound);
      // A pre-order's date moved to another day ahead: its buyers are told (decision 170).
      const to = payload.releaseDate;
      if (
        before.releaseDate !== null &&
        before.releaseDate > shopToday() &&
        to &&
        to !== before.releaseDate
      )
        movedOrders = await moveOrderedRelease(tx, id, to);
      const [refused] = await repo.replaceVariants(tx, id, payload.variants, stockSeen);
      if (refused !== undefined)
        throw badRequest(DASHBOARD_RULES.stockChangeTooHigh(refused), `stock.${refused}`);
    });
  } catch (error) {
    if (key) await forget(deps.images, key);
    unlessDatesCrossed(error);
  }
  if (movedOrders > 0) deps.orderMails?.wake();
  if (stored && stored.image !== existing.image)
    await removeUnlessShown(deps.database.db, deps.images, existing.image);
  return { productID: id, image: stored?.image ?? existing.image };
}

/** Deletes the product; its picture stays while an order or a checkout shows it. */
export async function deleteProduct(deps: ProductsAdminDeps, productID: string): Promise<void> {
  const image = await repo.deleteProduct(deps.database.db, productID);
  if (image === undefined) throw notFound(DASHBOARD_RULES.productNotFound);
  await removeUnlessShown(deps.database.db, deps.images, image);
}
