import type { ProductBody } from '@bo/contract/products';

/** A valid product body (unique SKU), with the fields a test cares about overridden. */
export const productBody = (over: Partial<ProductBody> = {}): ProductBody => ({
  name: 'Nike Air Force 1',
  code: 'P-001',
  sku: `SKU-${Math.random().toString(36).slice(2, 10)}`,
  description: '<p>Classic.</p>',
  images: ['/uploads/a.png', '/uploads/b.png'],
  price: 99.99,
  priceSale: null,
  taxes: 0,
  priceIncludesTax: true,
  quantity: 20,
  category: 'shoes',
  gender: ['men'],
  colors: ['#000000', '#FFFFFF'],
  sizes: ['8', '9'],
  tags: ['sport'],
  newLabel: false,
  saleLabel: false,
  published: true,
  ...over,
});
