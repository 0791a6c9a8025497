import { describe, expect, it } from 'vitest';

import {
  addToCart,
  applyDiscount,
  applyDiscountCode,
  applyShipping,
  chooseDelivery,
  decreaseQuantity,
  deleteCart,
  discountCentsFor,
  increaseQuantity,
  initialProductState,
  onBackStep,
  onGotoStep,
  onNextStep,
  productSlice,
  resetCart,
} from './product-slice';
import type { CartItem, ProductState } from './product-slice';

const reduce = productSlice.reducer;

const item = (over: Partial<CartItem> = {}): CartItem => ({
  id: 'p1',
  name: 'Shoe',
  cover: null,
  price: 19.99,
  colors: ['red'],
  size: '42',
  quantity: 1,
  available: 10,
  ...over,
});

const run = (...actions: Parameters<typeof reduce>[1][]): ProductState =>
  actions.reduce(reduce, initialProductState);

describe('cart', () => {
  it('adds a new item and computes totals', () => {
    const state = run(addToCart(item({ quantity: 2 })));
    expect(state.checkout.cart).toHaveLength(1);
    expect(state.checkout.subtotal).toBe(39.98);
    expect(state.checkout.total).toBe(39.98);
    expect(state.checkout.totalItems).toBe(2);
  });

  it('keeps items unique by id: merges colours uniquely and adds one', () => {
    const state = run(
      addToCart(item({ colors: ['red', 'blue'] })),
      addToCart(item({ colors: ['blue', 'green'] })),
    );
    expect(state.checkout.cart).toHaveLength(1);
    expect(state.checkout.cart[0].colors).toEqual(['red', 'blue', 'green']);
    expect(state.checkout.cart[0].quantity).toBe(2);
    expect(state.checkout.totalItems).toBe(2);
  });

  it('raises and lowers quantity by one, never below one', () => {
    let state = run(addToCart(item()), increaseQuantity('p1'), increaseQuantity('p1'));
    expect(state.checkout.cart[0].quantity).toBe(3);
    state = [decreaseQuantity('p1'), decreaseQuantity('p1'), decreaseQuantity('p1')].reduce(
      reduce,
      state,
    );
    expect(state.checkout.cart[0].quantity).toBe(1);
    expect(state.checkout.subtotal).toBe(19.99);
  });

  it('removes an item and recomputes', () => {
    const state = run(addToCart(item()), addToCart(item({ id: 'p2', price: 5 })), deleteCart('p1'));
    expect(state.checkout.cart.map((i) => i.id)).toEqual(['p2']);
    expect(state.checkout.subtotal).toBe(5);
    expect(state.checkout.totalItems).toBe(1);
  });

  it('sums in integer cents without float drift', () => {
    const state = run(
      addToCart(item({ id: 'a', price: 0.1 })),
      addToCart(item({ id: 'b', price: 0.2 })),
      applyShipping(0.3),
      applyDiscount(0.1),
    );
    expect(state.checkout.subtotal).toBe(0.3);
    expect(state.checkout.total).toBe(0.5);
  });

  it('total = subtotal − discount + shipping', () => {
    const state = run(addToCart(item({ price: 100 })), applyDiscount(10), applyShipping(4.5));
    expect(state.checkout.total).toBe(94.5);
  });

  it('moves between steps and never below zero', () => {
    let state = run(onNextStep(), onNextStep());
    expect(state.checkout.activeStep).toBe(2);
    state = [onBackStep(), onBackStep(), onBackStep()].reduce(reduce, state);
    expect(state.checkout.activeStep).toBe(0);
    state = reduce(state, onGotoStep(2));
    expect(state.checkout.activeStep).toBe(2);
  });

  it('reset clears cart, billing, step and totals', () => {
    const state = run(addToCart(item()), applyShipping(5), onNextStep(), resetCart());
    expect(state.checkout).toEqual(initialProductState.checkout);
  });
});

describe('discount codes and delivery', () => {
  const item = {
    id: 'p1',
    name: 'A',
    cover: null,
    price: 10.01,
    colors: ['#000'],
    size: null,
    quantity: 1,
    available: 9,
  };
  it('recomputes a percentage discount, floored to the cent, whenever the cart changes', () => {
    let state = productSlice.reducer(initialProductState, addToCart(item));
    state = productSlice.reducer(
      state,
      applyDiscountCode({ code: 'TEN', percent: 10, amount: null }),
    );
    expect(state.checkout.discount).toBe(1);
    state = productSlice.reducer(state, increaseQuantity('p1'));
    expect(state.checkout.subtotal).toBe(20.02);
    expect(state.checkout.discount).toBe(2);
    expect(state.checkout.total).toBe(18.02);
    state = productSlice.reducer(state, applyDiscountCode(null));
    expect(state.checkout.discount).toBe(0);
  });
  it('never discounts more than the subtotal, and adds the delivery price', () => {
    let state = productSlice.reducer(initialProductState, addToCart(item));
    state = productSlice.reducer(
      state,
      applyDiscountCode({ code: 'BIG', percent: null, amount: 50 }),
    );
    state = productSlice.reducer(state, chooseDelivery({ delivery: 'express', shipping: 10 }));
    expect(state.checkout).toMatchObject({
      discount: 10.01,
      shipping: 10,
      total: 10,
      delivery: 'express',
    });
  });
  it('discountCentsFor matches the server rule', () => {
    expect(discountCentsFor({ code: 'X', percent: 15, amount: null }, 999)).toBe(149);
    expect(discountCentsFor({ code: 'X', percent: null, amount: 5 }, 300)).toBe(300);
  });
});
