import { useParams } from 'react-router';

import { ProductDetailsView } from '../../../sections/e-commerce/product-details-view';

/** /dashboard/e-commerce/product/:name — `name` is the product's slug (or its exact name). */
export function Component() {
  const name = useParams().name ?? '';
  return <ProductDetailsView key={name} name={name} />;
}
