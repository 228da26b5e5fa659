/* The four dashboard screens (spec §2, Dashboard). */
export { CouponsPage } from './coupons-page';
export { OrdersPage } from './orders-page';
export { ProductsPage } from './products-page';
export { UsersPage } from './users-page';
