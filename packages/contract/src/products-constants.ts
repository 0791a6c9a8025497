import { apiPath } from './api-path';

// Kept apart from the zod schemas so the web app can import them without bundling zod.

/** Catalogue API paths; the first two are the spec's calls, kept exactly. */
export const PRODUCTS_API = {
  list: '/api/products',
  product: '/api/products/product',
  search: '/api/products/search',
  one: apiPath('/api/products/:id'),
  bulkDelete: '/api/products/bulk-delete',
  bulk: '/api/products/bulk',
  exportCsv: '/api/products/export',
  reviews: apiPath('/api/products/:id/reviews'),
  helpful: apiPath('/api/products/:id/reviews/:reviewId/helpful'),
} as const;

export const PRODUCT_GENDERS = ['men', 'women', 'kids'] as const;
export const PRODUCT_CATEGORIES = ['shoes', 'apparel', 'accessories'] as const;

/**
 * The template family's labels of our keys. Its shop compares `gender.includes('Men')` and
 * `category === 'Apparel'` in the browser, so a product answers the labels in `gender` and
 * `category`, and our keys in `genderKeys` and `categoryKey` (what our screens read).
 */
const FAMILY_LABELS: Record<string, string> = {
  men: 'Men',
  women: 'Women',
  kids: 'Kids',
  shoes: 'Shoes',
  apparel: 'Apparel',
  accessories: 'Accessories',
};
/** A gender or category key as the template family writes it; a category of our own as stored. */
export const productLabel = (key: string): string => FAMILY_LABELS[key] ?? key;
/** The colour swatches the shop offers; products store hex values. */
export const PRODUCT_COLORS = [
  '#00AB55',
  '#000000',
  '#FFFFFF',
  '#FFC0CB',
  '#FF4842',
  '#1890FF',
  '#94D82D',
  '#FFC107',
] as const;
export const PRODUCT_SIZES = [
  '6',
  '7',
  '8',
  '8.5',
  '9',
  '9.5',
  '10',
  '10.5',
  '11',
  '11.5',
  '12',
  '13',
] as const;
/**
 * The shop's sizes (US) with their UK and EU equivalents and the foot length they fit, in
 * centimetres: what the product page's size guide shows.
 */
export const SIZE_GUIDE: Record<
  (typeof PRODUCT_SIZES)[number],
  { uk: number; eu: number; cm: number }
> = {
  '6': { uk: 5.5, eu: 39, cm: 24 },
  '7': { uk: 6.5, eu: 40, cm: 25 },
  '8': { uk: 7.5, eu: 41, cm: 26 },
  '8.5': { uk: 8, eu: 42, cm: 26.5 },
  '9': { uk: 8.5, eu: 42.5, cm: 27 },
  '9.5': { uk: 9, eu: 43, cm: 27.5 },
  '10': { uk: 9.5, eu: 44, cm: 28 },
  '10.5': { uk: 10, eu: 44.5, cm: 28.5 },
  '11': { uk: 10.5, eu: 45, cm: 29 },
  '11.5': { uk: 11, eu: 45.5, cm: 29.5 },
  '12': { uk: 11.5, eu: 46, cm: 30 },
  '13': { uk: 12.5, eu: 47.5, cm: 31 },
};
/** At or under this many items a product is "low stock" (and above 0). */
export const LOW_STOCK_THRESHOLD = 10;
export const INVENTORY_STATES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type InventoryState = (typeof INVENTORY_STATES)[number];

export function inventoryState(quantity: number): InventoryState {
  if (quantity <= 0) return 'out_of_stock';
  if (quantity <= LOW_STOCK_THRESHOLD) return 'low_stock';
  return 'in_stock';
}

/** Shop sorts (the spec's sortBy values) plus the list's column sorts. */
export const PRODUCT_SORTS = [
  'featured',
  'newest',
  'priceDesc',
  'priceAsc',
  'name',
  'createdAt',
  'price',
  'quantity',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
