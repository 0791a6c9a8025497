import { useCallback, useEffect, useState } from 'react';

/**
 * The rows of a cursor-paged list read so far, page after page ("Show more"): the cursor to ask
 * for now, every row received in order, and a reset to the first page. A new `filterKey` starts
 * from the first page. Feed each answer's rows with `keep` (they are stored under the cursor they
 * answer, so a refetch of a page replaces it rather than adding it twice).
 */
export function useCursorPages<T>(filterKey: string) {
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
    cursor,
    rows: cursors.flatMap((c) => pages[c ?? ''] ?? []),
    keep,
    more,
    reset,
  };
}
