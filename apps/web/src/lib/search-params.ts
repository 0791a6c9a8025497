import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A value a screen keeps in its URL; null, undefined, '' and [] remove the key. */
export type SearchParamValue = string | number | readonly string[] | null | undefined;

/**
 * The URL's query after `changes`: lists are written comma-separated, empty values removed, and
 * `page=1` (every list's default) left out. Keys in `resetUnlessNamed` are removed unless the
 * change names them — a filter change goes back to the first page and drops paging cursors.
 */
export function mergeSearchParams(
  prev: URLSearchParams,
  changes: Record<string, SearchParamValue>,
  resetUnlessNamed: readonly string[] = [],
): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(changes)) {
    const text =
      value === null || value === undefined
        ? ''
        : Array.isArray(value)
          ? value.join(',')
          : String(value);
    if (!text || (key === 'page' && text === '1')) next.delete(key);
    else next.set(key, text);
  }
  for (const key of resetUnlessNamed) if (!(key in changes)) next.delete(key);
  return next;
}

/**
 * The URL's query and a function that merges changes into it (history replaced, not pushed).
 * Updates build on each other even within one tick or from a handler made in an earlier render:
 * react-router's own functional form reads the query of the render that made it, so a second
 * update before the next render (a view change, then the calendar reporting its new dates) put
 * the first one back.
 */
export function useSearchParamsMerger() {
  const [params, setParams] = useSearchParams();
  const latest = useRef({ rendered: params, next: params });
  if (latest.current.rendered !== params) latest.current = { rendered: params, next: params };
  const merge = useCallback(
    (changes: Record<string, SearchParamValue>, resetUnlessNamed: readonly string[] = []) => {
      const next = mergeSearchParams(latest.current.next, changes, resetUnlessNamed);
      latest.current.next = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, merge] as const;
}
