import { ProductEditView } from '../../../sections/e-commerce/product-edit-view';

/** /dashboard/e-commerce/product/new */
export function Component() {
  return <ProductEditView />;
}
