import { ProductListView } from '../../../sections/e-commerce/product-list-view';

/** /dashboard/e-commerce/list */
export function Component() {
  return <ProductListView />;
}
