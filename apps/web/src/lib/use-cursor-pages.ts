import { useCallback, useEffect, useState } from 'react';

/**
 * The pages of a cursor-paged list read so far ("Show more"): the cursors walked (the first page
 * has none), the one to ask for now, and a reset to the first page. A new `filterKey` starts
 * from the first page.
 *
 * A list with one query at a time feeds each answer's rows to `keep` and shows `rows` (stored
 * under the cursor they answer, so a refetch of a page replaces it rather than adding it twice).
 * A list that keeps every page's query alive renders one page per entry of `cursors` instead.
 */
export function useCursorPages<T = never>(filterKey: string) {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [pages, setPages] = useState<Record<string, T[]>>({});
  const cursor = cursors.at(-1);

  const reset = useCallback(() => {
    setCursors([undefined]);
    setPages({});
  }, []);
  useEffect(reset, [filterKey, reset]);

  const keep = useCallback(
    (rows: T[]) => setPages((p) => ({ ...p, [cursor ?? '']: rows })),
    [cursor],
  );
  const more = useCallback((next: string) => setCursors((c) => [...c, next]), []);

  return {
    cursors,
    cursor,
    rows: cursors.flatMap((c) => pages[c ?? ''] ?? []),
    keep,
    more,
    reset,
  };
}
