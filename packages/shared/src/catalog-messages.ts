/**
 * Texts of the home page, the shop, the product page and paged lists that the specification
 * leaves to us (DESIGN.md §4). The spec's own wording lives in messages.ts (HOME, VALIDATION, PAGES).
 */

export const CATALOG = {
  productsFetched: 'Products fetched successfully',
  productNotFound: 'Product not found.',
  variantNotFound: 'This variant does not exist for this product',
  inStock: 'In stock',
  onlyLeft: (available: number) => `Only ${available} left in stock`,
} as const;

/** Labels and empty states of the shop (spec §2 "Shop"). */
export const SHOP = {
  title: 'Shop',
  subtitle: 'Comics, clothes, shoes and figures from the series you love.',
  productsRegion: 'Products',
  loadingProducts: 'Loading products',
  removeFilter: (label: string) => `Remove ${label}`,
  filters: 'Filters',
  openFilters: 'Open filters',
  closeFilters: 'Close filters',
  showResults: (count: number) => `Show ${count} product${count === 1 ? '' : 's'}`,
  category: 'Category',
  types: 'Type',
  allTypes: 'All',
  price: 'Max price',
  anyPrice: 'Any price',
  upTo: (dollars: number) => `Up to $${dollars}`,
  sortBy: 'Sort by',
  search: 'Search',
  searchPlaceholder: 'Search anime merch…',
  searchButton: 'Search',
  suggestions: 'Suggestions',
  clearAll: 'Clear All',
  activeFilters: 'Active filters',
  allCategories: 'all categories',
  searchScope: (query: string) => `Results for “${query}” in all categories`,
  resultCount: (count: number) => `${count} product${count === 1 ? '' : 's'}`,
  noProducts: 'No products match these filters.',
  noProductsHint: 'Try another type, a higher price or Clear All.',
  /** A search that found nothing: it spans every category, so no filter is to blame. */
  noSearchResults: (query: string) => `Nothing matched “${query}”.`,
  noSearchResultsHint: 'Check the spelling or try fewer or other words.',
  loadFailed: 'We could not load the products. Please try again.',
  retry: 'Try again',
  outOfStock: 'Out of stock',
  pagination: 'Pages',
  previous: 'Previous',
  next: 'Next',
} as const;

/**
 * A paged list (the shop, purchase history) asked for a page past its last one: a bookmark, a
 * shared link, a list that shrank (decision 040).
 */
export const PAGE_PAST_END = {
  title: (page: number) => `There is no page ${page}`,
  hint: (lastPage: number) =>
    lastPage === 1 ? 'Everything fits on one page.' : `The last page is page ${lastPage}.`,
  goToLast: (lastPage: number) => `Go to page ${lastPage}`,
} as const;

/** The product page (spec §2 "Product detail"). */
export const PRODUCT_PAGE = {
  backToShop: 'Back to Shop',
  genres: 'Genres',
  volume: 'Volume',
  size: 'Size',
  quantity: 'Quantity',
  decrease: 'Decrease quantity',
  increase: 'Increase quantity',
  unitPrice: 'Unit price',
  totalPrice: 'Total',
  addToCart: 'Add to Cart',
  available: (count: number) => `${count} available`,
  /** Every volume or size of the product is sold out: nothing to choose (decision 159). */
  allSoldOut: (variants: 'volumes' | 'sizes') =>
    `Every ${variants === 'volumes' ? 'volume' : 'size'} is sold out for now.`,
  notFoundTitle: 'Product not found',
  notFoundText: 'This product does not exist or is no longer sold. Have a look around the shop.',
  loadFailed: 'We could not load this product. Please try again.',
  retry: 'Try again',
} as const;

/** The home page (spec §2 "Home"). */
export const HOME_PAGE = {
  shopNow: 'Shop Now',
  /** The banner's tiles, each opening its category in the shop. */
  categoryTiles: 'Shop by category',
  comicsTitle: 'Comics & Manga',
  comicsText: 'Fresh volumes of the series everyone is talking about.',
  comicsButton: 'Shop Comics',
  clothesTitle: 'Clothes',
  clothesText: 'Tees, jackets and pants for every fandom.',
  clothesButton: 'Shop Clothes',
  figuresTitle: 'Action Figures',
  figuresText: 'Poseable heroes, dolls and cars for your shelf.',
  figuresButton: 'Shop Action Figures',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  loading: 'Loading',
} as const;
