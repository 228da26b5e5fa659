/**
 * The wishlist and back-in-stock alerts (decision 168): a shopper's own rows only, each change
 * under the shopper's row lock so the limits hold whatever the number of calls at once.
 */
import {
  MOST_WANTED_SIZE,
  productImageUrls,
  STOCK_ALERTS_MAX,
  WISHLIST,
  WISHLIST_MAX,
  type MostWantedResponse,
  type ProductInterest,
  type WishlistResponse,
} from '@otaku/shared';
import type { Db } from '../../db/client';
import { conflict, notFound, unauthenticated } from '../../lib/errors';
import type { ImageUrl } from '../../lib/image-urls';
import { toProductDto } from '../catalog/product-dto';
import * as repo from './wishlist.repo';

const iso = (value: string | Date) => new Date(value).toISOString();

/** Runs `change` in a transaction holding the shopper's row lock. */
function asShopper<T>(db: Db, userId: string, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockShopper(tx, userId))) throw unauthenticated();
    return change(tx as unknown as Db);
  });
}

/** Saves the product; saving it again changes nothing. */
export async function save(db: Db, userId: string, productId: string): Promise<void> {
  await asShopper(db, userId, async (tx) => {
    if (!(await repo.productExists(tx, productId))) throw notFound(WISHLIST.productNotFound);
    if (await repo.isSaved(tx, userId, productId)) return;
    if ((await repo.countSaved(tx, userId)) >= WISHLIST_MAX) throw conflict(WISHLIST.full);
    await repo.insertSaved(tx, userId, productId);
  });
}

/** Removes the product from the shopper's wishlist, if it is there. */
export async function remove(db: Db, userId: string, productId: string): Promise<void> {
  await repo.deleteSaved(db, userId, productId);
}

export function keys(db: Db, userId: string) {
  return repo.keysOf(db, userId);
}

export async function wishlist(
  db: Db,
  userId: string,
  imageUrl: ImageUrl,
): Promise<Omit<WishlistResponse, 'success' | 'message'>> {
  const [saved, alerts] = await Promise.all([
    repo.savedProducts(db, userId),
    repo.waitingAlerts(db, userId),
  ]);
  return {
    items: saved.map(({ savedAt, ...row }) => ({
      product: toProductDto(row, imageUrl),
      savedAt: iso(savedAt),
    })),
    alerts: alerts.map((a) => ({
      ...a,
      image: productImageUrls(imageUrl(a.image)).small,
      askedAt: iso(a.askedAt),
    })),
    maxItems: WISHLIST_MAX,
    maxAlerts: STOCK_ALERTS_MAX,
  };
}

/**
 * Asks to be mailed when a sold-out variant is back. Only a sold-out variant: one in stock is
 * refused (409), since the shopper can take it now. Asking again changes nothing.
 */
export async function askAlert(
  db: Db,
  userId: string,
  productId: string,
  variant: string,
): Promise<void> {
  await asShopper(db, userId, async (tx) => {
    const stock = await repo.lockVariantStock(tx, productId, variant);
    if (stock === null) {
      const exists = await repo.productExists(tx, productId);
      throw notFound(exists ? WISHLIST.variantNotFound : WISHLIST.productNotFound);
    }
    if (stock > 0) throw conflict(WISHLIST.inStock);
    const waiting = await repo.keysOf(tx, userId);
    if (waiting.alerts.some((a) => a.productID === productId && a.variant === variant)) return;
    if (waiting.alerts.length >= STOCK_ALERTS_MAX) throw conflict(WISHLIST.alertsFull);
    await repo.insertAlert(tx, userId, productId, variant);
  });
}

export async function cancelAlert(
  db: Db,
  userId: string,
  productId: string,
  variant: string,
): Promise<void> {
  await repo.deleteWaitingAlert(db, userId, productId, variant);
}

/** Cancels every alert of the shopper whose mail has not gone out (the e-mail's unsubscribe). */
export async function unsubscribe(db: Db, userId: string): Promise<void> {
  await repo.deleteUnsentAlerts(db, userId);
}

const toInterest = (row: repo.InterestRow): ProductInterest => ({
  productID: row.productID,
  saved: Number(row.saved),
  waiting: row.variants.reduce((n, v) => n + Number(v.waiting), 0),
  variants: row.variants.map((v) => ({ variant: v.variant, waiting: Number(v.waiting) })),
});

export async function interest(db: Db, productIds: readonly string[]) {
  return (await repo.interestOf(db, productIds)).map(toInterest);
}

export async function mostWanted(db: Db): Promise<MostWantedResponse['products']> {
  return (await repo.mostWanted(db, MOST_WANTED_SIZE)).map((row) => ({
    ...toInterest(row),
    name: row.name,
  }));
}
