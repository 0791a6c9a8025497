import { USER_STATUSES } from '@bo/contract/account';
import type { UserStatus } from '@bo/contract/account';
import { USER_SORTS } from '@bo/contract/users';
import type { UserSort } from '@bo/contract/users';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { mergeSearchParams } from '../../lib/search-params';

export const ROWS_PER_PAGE = [5, 10, 25, 50] as const;
const DEFAULT_LIMIT = 10;
const DEFAULT_SORT: UserSort = 'createdAt';

/**
 * The list's state lives in the URL (tab, role, search, sort, page, size; the density is the table's own, kept per list), so a reload
 * or a shared link shows the same people. Any filter change goes back to page 1.
 */
export function useUserListParams() {
  const [params, setParams] = useSearchParams();
  const value = useMemo(() => {
    const rawLimit = Number(params.get('limit'));
    const sort = params.get('sort');
    const status = params.get('status');
    return {
      page: Math.max(1, Number(params.get('page')) || 1),
      limit: (ROWS_PER_PAGE as readonly number[]).includes(rawLimit) ? rawLimit : DEFAULT_LIMIT,
      sort: (USER_SORTS as readonly string[]).includes(sort ?? '')
        ? (sort as UserSort)
        : DEFAULT_SORT,
      order: params.get('order') === 'asc' ? ('asc' as const) : ('desc' as const),
      q: params.get('q') ?? '',
      role: params.get('role') ?? '',
      status: (USER_STATUSES as readonly string[]).includes(status ?? '')
        ? (status as UserStatus)
        : undefined,
      /** Keyset cursors for pages deeper than page numbers reach (see goToPage). */
      after: params.get('after') ?? '',
      before: params.get('before') ?? '',
    };
  }, [params]);

  const update = useCallback(
    (changes: Record<string, string | number | null>, keepPage = false) => {
      setParams(
        (prev) =>
          mergeSearchParams(
            prev,
            changes,
            keepPage ? ['after', 'before'] : ['page', 'after', 'before'],
          ),
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    ...value,
    setPage: (page: number) => update({ page }, true),
    /** A page deeper than numbers reach, read after the last person shown or before the first. */
    setPageAt: (page: number, cursor: { after: string } | { before: string }) =>
      update({ page, ...cursor }, true),
    setLimit: (limit: number) => update({ limit: limit === DEFAULT_LIMIT ? null : limit }),
    setSort: (sort: UserSort, order: 'asc' | 'desc') => update({ sort, order }),
    setQ: (q: string) => update({ q: q.trim() || null }),
    setRole: (role: string) => update({ role: role || null }),
    setStatus: (status: UserStatus | undefined) => update({ status: status ?? null }),
    reset: () => update({ q: null, role: null, status: null }),
  };
}
