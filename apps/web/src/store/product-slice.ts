import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** Money is kept in integer cents in arithmetic so totals never drift (ARCHITECTURE: data). */
const toCents = (amount: number) => Math.round(amount * 100);
const fromCents = (cents: number) => cents / 100;

export type CartItem = {
  id: string;
  name: string;
  cover: string | null;
  price: number;
  colors: string[];
  size: string | null;
  quantity: number;
  available: number;
};

export type BillingAddress = {
  name: string;
  phoneNumber: string;
  fullAddress: string;
  addressType: string;
  isDefault: boolean;
};

export type CheckoutState = {
  activeStep: number;
  cart: CartItem[];
  subtotal: number;
  total: number;
  discount: number;
  shipping: number;
  billing: BillingAddress | null;
  totalItems: number;
  /** A server-checked code; its discount is recomputed from the subtotal on every cart change. */
  discountCode?: DiscountRule | null;
  delivery?: 'standard' | 'express';
};

export type DiscountRule = { code: string; percent: number | null; amount: number | null };

export type ProductSortBy = 'featured' | 'newest' | 'priceDesc' | 'priceAsc';

export type ProductState = {
  isLoading: boolean;
  error: string | null;
  sortBy: ProductSortBy;
  checkout: CheckoutState;
};

export const initialCheckout: CheckoutState = {
  activeStep: 0,
  cart: [],
  subtotal: 0,
  total: 0,
  discount: 0,
  shipping: 0,
  billing: null,
  totalItems: 0,
};

export const initialProductState: ProductState = {
  isLoading: false,
  error: null,
  sortBy: 'featured',
  checkout: initialCheckout,
};

/** subtotal = Σ price × quantity; total = subtotal − discount + shipping (spec §4, cart). */
function recompute(checkout: CheckoutState) {
  const subtotalCents = checkout.cart.reduce(
    (sum, item) => sum + toCents(item.price) * item.quantity,
    0,
  );
  checkout.subtotal = fromCents(subtotalCents);
  const rule = checkout.discountCode;
  if (rule) checkout.discount = fromCents(discountCentsFor(rule, subtotalCents));
  checkout.total = fromCents(
    subtotalCents - toCents(checkout.discount) + toCents(checkout.shipping),
  );
  checkout.totalItems = checkout.cart.reduce((sum, item) => sum + item.quantity, 0);
}

/** Same rule as the server: a percentage is floored to the cent; neither exceeds the subtotal. */
export function discountCentsFor(rule: DiscountRule, subtotalCents: number): number {
  if (rule.percent !== null)
    return Math.min(subtotalCents, Math.floor((subtotalCents * rule.percent) / 100));
  if (rule.amount !== null) return Math.min(subtotalCents, toCents(rule.amount));
  return 0;
}

const unique = (values: string[]) => Array.from(new Set(values));

export const productSlice = createSlice({
  name: 'product',
  initialState: initialProductState,
  reducers: {
    sortByProducts(state, action: PayloadAction<ProductSortBy>) {
      state.sortBy = action.payload;
    },
    addToCart(state, action: PayloadAction<CartItem>) {
      const incoming = action.payload;
      const existing = state.checkout.cart.find((item) => item.id === incoming.id);
      if (existing) {
        existing.colors = unique([...existing.colors, ...incoming.colors]);
        existing.quantity += 1;
      } else {
        state.checkout.cart.push({ ...incoming, colors: unique(incoming.colors) });
      }
      recompute(state.checkout);
    },
    deleteCart(state, action: PayloadAction<string>) {
      state.checkout.cart = state.checkout.cart.filter((item) => item.id !== action.payload);
      recompute(state.checkout);
    },
    increaseQuantity(state, action: PayloadAction<string>) {
      const item = state.checkout.cart.find((entry) => entry.id === action.payload);
      if (item) item.quantity += 1;
      recompute(state.checkout);
    },
    decreaseQuantity(state, action: PayloadAction<string>) {
      const item = state.checkout.cart.find((entry) => entry.id === action.payload);
      // Never below one: removing is its own action, so a stray click cannot drop an item.
      if (item && item.quantity > 1) item.quantity -= 1;
      recompute(state.checkout);
    },
    applyDiscount(state, action: PayloadAction<number>) {
      state.checkout.discount = Math.max(0, action.payload);
      recompute(state.checkout);
    },
    applyDiscountCode(state, action: PayloadAction<DiscountRule | null>) {
      state.checkout.discountCode = action.payload;
      if (!action.payload) state.checkout.discount = 0;
      recompute(state.checkout);
    },
    chooseDelivery(
      state,
      action: PayloadAction<{ delivery: 'standard' | 'express'; shipping: number }>,
    ) {
      state.checkout.delivery = action.payload.delivery;
      state.checkout.shipping = Math.max(0, action.payload.shipping);
      recompute(state.checkout);
    },
    applyShipping(state, action: PayloadAction<number>) {
      state.checkout.shipping = Math.max(0, action.payload);
      recompute(state.checkout);
    },
    createBilling(state, action: PayloadAction<BillingAddress>) {
      state.checkout.billing = action.payload;
      state.checkout.activeStep += 1;
    },
    onNextStep(state) {
      state.checkout.activeStep += 1;
    },
    onBackStep(state) {
      state.checkout.activeStep = Math.max(0, state.checkout.activeStep - 1);
    },
    onGotoStep(state, action: PayloadAction<number>) {
      state.checkout.activeStep = Math.max(0, action.payload);
    },
    resetCart(state) {
      state.checkout = initialCheckout;
    },
  },
});

export const {
  sortByProducts,
  addToCart,
  deleteCart,
  increaseQuantity,
  decreaseQuantity,
  applyDiscount,
  applyShipping,
  applyDiscountCode,
  chooseDelivery,
  createBilling,
  onNextStep,
  onBackStep,
  onGotoStep,
  resetCart,
} = productSlice.actions;
