import { OrderListView } from '../../../sections/e-commerce/order-list-view';

/** /dashboard/e-commerce/orders */
export function Component() {
  return <OrderListView />;
}
