import { useParams } from 'react-router';

import { ProductEditView } from '../../../sections/e-commerce/product-edit-view';

/** /dashboard/e-commerce/product/:name/edit */
export function Component() {
  const name = useParams().name ?? '';
  return <ProductEditView key={name} name={name} />;
}
