import { useParams } from 'react-router';

import { OrderDetailsView } from '../../../sections/e-commerce/order-details-view';

/** /dashboard/e-commerce/orders/:id */
export function Component() {
  const id = useParams().id ?? '';
  return <OrderDetailsView key={id} id={id} />;
}
