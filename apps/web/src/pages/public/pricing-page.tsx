import { PricingView } from '../../sections/public/pricing-view';

/** /pricing */
export function Component() {
  return <PricingView />;
}
