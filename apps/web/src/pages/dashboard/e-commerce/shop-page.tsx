import { ShopView } from '../../../sections/e-commerce/shop-view';

/** /dashboard/e-commerce/shop */
export function Component() {
  return <ShopView />;
}
