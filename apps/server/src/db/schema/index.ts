export * from './carts';
export * from './coupons';
export * from './meta';
export * from './orders';
export * from './products';
export * from './users';
export * from './wishlist';
