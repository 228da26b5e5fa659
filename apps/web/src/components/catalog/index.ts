export { ProductCard, type ProductCardProps } from './product-card';
export { ProductImage, type ImagePriority, type ProductImageProps } from './product-image';
export { WishlistHeart, type WishlistHeartProps } from './wishlist-heart';
export {
  LineRelease,
  PreorderBadge,
  type LineReleaseProps,
  type PreorderBadgeProps,
  OrderLineNote,
} from './preorder-badge';
