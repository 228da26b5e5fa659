export { ProductCard, type ProductCardProps } from './product-card';
export { ProductImage, type ProductImageProps } from './product-image';
