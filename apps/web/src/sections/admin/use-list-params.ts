import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { mergeSearchParams } from '../../lib/search-params';

export const ROWS_PER_PAGE = [10, 25, 50, 100] as const;
const DEFAULT_LIMIT = 25;

/**
 * Paging and one text filter kept in the URL, so a reload or a shared link shows the same page.
 * `page` is 1-based as the API's; changing the filter or the page size goes back to page 1.
 */
export function useListParams(filterKey: string) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const rawLimit = Number(params.get('limit'));
  const limit = (ROWS_PER_PAGE as readonly number[]).includes(rawLimit) ? rawLimit : DEFAULT_LIMIT;
  const filter = params.get(filterKey) ?? '';

  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      setParams((prev) => mergeSearchParams(prev, changes), { replace: true });
    },
    [setParams],
  );

  return {
    page,
    limit,
    filter,
    setPage: (p: number) => update({ page: p }),
    setLimit: (l: number) => update({ limit: l === DEFAULT_LIMIT ? null : l, page: null }),
    setFilter: (value: string) => update({ [filterKey]: value || null, page: null }),
  };
}
