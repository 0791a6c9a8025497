/**
 * Money is exact: numeric columns in the database, integer cents in arithmetic. Every area that
 * sums or stores amounts converts through these, so no total drifts by a float's rounding.
 */

/** Integer cents from a numeric column (read as a string) or a number of currency units. */
export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return Math.round(value * 100);
  const [whole = '0', frac = ''] = value.trim().split('.');
  const negative = whole.startsWith('-');
  const cents = Math.abs(Number(whole)) * 100 + Number((frac + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** Cents to the exact decimal string a numeric column takes. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const centsToNumber = (cents: number) => cents / 100;
