import { describe, expect, it } from 'vitest';

import type { CartItem } from '../../store/product-slice';
import { cartToOrderItems } from './cart-to-order';

const item = (over: Partial<CartItem>): CartItem => ({
  id: 'p1',
  name: 'A',
  cover: null,
  price: 10,
  colors: [],
  size: null,
  quantity: 1,
  available: 10,
  ...over,
});

describe('cartToOrderItems', () => {
  it('gives one order line per colour, sharing the quantity out in turn', () => {
    expect(cartToOrderItems([item({ colors: ['#000', '#fff'], quantity: 3, size: '9' })])).toEqual([
      { productId: 'p1', quantity: 2, colour: '#000', size: '9' },
      { productId: 'p1', quantity: 1, colour: '#fff', size: '9' },
    ]);
  });
  it('drops colours left without a unit and keeps lines without colour', () => {
    expect(cartToOrderItems([item({ colors: ['#000', '#fff'], quantity: 1 })])).toEqual([
      { productId: 'p1', quantity: 1, colour: '#000' },
    ]);
    expect(cartToOrderItems([item({ id: 'p2', quantity: 4 })])).toEqual([
      { productId: 'p2', quantity: 4 },
    ]);
  });
  it('keeps the total quantity of the cart', () => {
    const cart = [
      item({ colors: ['a', 'b', 'c'], quantity: 7 }),
      item({ id: 'p2', colors: ['x'], quantity: 2 }),
    ];
    const total = cartToOrderItems(cart).reduce((sum, line) => sum + line.quantity, 0);
    expect(total).toBe(9);
  });
});
