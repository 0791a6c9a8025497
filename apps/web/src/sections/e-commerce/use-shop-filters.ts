import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { mergeSearchParams } from '../../lib/search-params';

export const SHOP_SORTS = ['featured', 'newest', 'priceDesc', 'priceAsc'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

export type ShopFilters = {
  sort: ShopSort;
  q: string;
  gender: string[];
  category: string;
  colors: string[];
  priceMin: number | null;
  priceMax: number | null;
  rating: number | null;
  page: number;
};

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);
const num = (v: string | null) =>
  v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v);

/** The shop's filters live in the URL, so a reload or a shared link shows the same selection. */
export function useShopFilters() {
  const [params, setParams] = useSearchParams();
  const filters: ShopFilters = useMemo(
    () => ({
      sort: (SHOP_SORTS as readonly string[]).includes(params.get('sort') ?? '')
        ? (params.get('sort') as ShopSort)
        : 'featured',
      q: params.get('q') ?? '',
      gender: list(params.get('gender')),
      category: params.get('category') ?? '',
      colors: list(params.get('colors')),
      priceMin: num(params.get('priceMin')),
      priceMax: num(params.get('priceMax')),
      rating: num(params.get('rating')),
      page: Math.max(1, Number(params.get('page')) || 1),
    }),
    [params],
  );

  const set = useCallback(
    (changes: Partial<ShopFilters>) => {
      // Any change of filter starts again at the first page.
      setParams((prev) => mergeSearchParams(prev, changes, ['page']), { replace: true });
    },
    [setParams],
  );

  const reset = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const active =
    filters.gender.length +
    filters.colors.length +
    (filters.category ? 1 : 0) +
    (filters.priceMin !== null || filters.priceMax !== null ? 1 : 0) +
    (filters.rating ? 1 : 0);
  return { filters, set, reset, active };
}
