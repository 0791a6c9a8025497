import { CheckoutView } from '../../../sections/e-commerce/checkout-view';

/** /dashboard/e-commerce/checkout */
export function Component() {
  return <CheckoutView />;
}
