import type { CreateOrderBody } from '@bo/contract/orders';

import type { CartItem } from '../../store/product-slice';

/**
 * One cart line holds several colours and one quantity (the spec's cart): the order gets one line
 * per colour, the quantity shared out in turn, so "2 × black+white" is one black and one white.
 */
export function cartToOrderItems(cart: CartItem[]): CreateOrderBody['items'] {
  return cart.flatMap((item) => {
    const colours: (string | undefined)[] = item.colors.length ? item.colors : [undefined];
    const counts = colours.map(
      (_, i) =>
        Math.floor(item.quantity / colours.length) + (i < item.quantity % colours.length ? 1 : 0),
    );
    return colours
      .map((colour, i) => ({
        productId: item.id,
        quantity: counts[i] ?? 0,
        ...(colour ? { colour } : {}),
        ...(item.size ? { size: item.size } : {}),
      }))
      .filter((line) => line.quantity > 0);
  });
}
