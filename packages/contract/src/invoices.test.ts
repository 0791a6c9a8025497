import { describe, expect, it } from 'vitest';
import { computeInvoice, taxesByRate } from './invoices';

/** An invoice as the server stores it, priced by computeInvoice (a credit note negated). */
function priced(
  items: Array<{ quantity: number; price: number; taxRate: number }>,
  discount: number,
  kind: 'invoice' | 'credit_note' = 'invoice',
) {
  const c = computeInvoice({ items, discount, shipping: 0 });
  const sign = kind === 'credit_note' ? -1 : 1;
  return {
    kind,
    discount: sign * c.discount,
    taxes: sign * c.taxes,
    subtotal: sign * c.subtotal,
    items: items.map((i, n) => ({
      ...i,
      quantity: sign * i.quantity,
      total: sign * c.lines[n]!.total,
      tax: sign * c.lines[n]!.tax,
    })),
  };
}

describe('taxesByRate', () => {
  it('gives each rate its base after the discount and its tax, adding up to the taxes', () => {
    const inv = priced(
      [
        { quantity: 3, price: 1999, taxRate: 20 },
        { quantity: 1.5, price: 333, taxRate: 5.5 },
        { quantity: 1, price: 1001, taxRate: 0 },
        { quantity: 2, price: 777, taxRate: 20 },
      ],
      500,
    );
    const rates = taxesByRate(inv);
    expect(rates.map((r) => r.rate)).toEqual([0, 5.5, 20]);
    expect(rates.reduce((a, r) => a + r.tax, 0)).toBe(inv.taxes);
    expect(rates.reduce((a, r) => a + r.discount, 0)).toBe(inv.discount);
    expect(rates.reduce((a, r) => a + r.base, 0)).toBe(inv.subtotal - inv.discount);
    expect(rates.find((r) => r.rate === 0)!.tax).toBe(0);
  });

  it('shows only the rates the lines have, with a credit note’s sign', () => {
    const inv = priced(
      [
        { quantity: 1, price: 10000, taxRate: 20 },
        { quantity: 1, price: 3333, taxRate: 10 },
      ],
      1000,
      'credit_note',
    );
    const rates = taxesByRate(inv);
    expect(rates.map((r) => r.rate)).toEqual([10, 20]);
    // 10.00 shared 2.50 / 7.50 (largest remainder); 10 % of 30.83, 20 % of 92.50.
    expect(rates).toEqual([
      { rate: 10, base: -3083, discount: -250, tax: -308 },
      { rate: 20, base: -9250, discount: -750, tax: -1850 },
    ]);
    expect(rates.reduce((a, r) => a + r.tax, 0)).toBe(inv.taxes);
  });
});
