import { PaymentView } from '../../sections/public/payment-view';

/** /payment */
export function Component() {
  return <PaymentView />;
}
