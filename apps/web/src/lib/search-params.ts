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
 * the first one back. A render's query is no better: the router navigates in a transition, so an
 * urgent render in between still shows the old query, and building on it undid a view just chosen
 * (the calendar's date change carried the old view back). So a change builds on the last query
 * asked while the router has not shown it yet, and otherwise on the address itself, which the
 * router writes before it renders.
 */
export function useSearchParamsMerger() {
  const [params, setParams] = useSearchParams();
  // The address when our first pending change was asked, and the queries asked since.
  const pending = useRef<{ origin: string; asked: string[] }>({ origin: '', asked: [] });
  const merge = useCallback(
    (changes: Record<string, SearchParamValue>, resetUnlessNamed: readonly string[] = []) => {
      const address = window.location.search.replace(/^\?/, '');
      const p = pending.current;
      const last = p.asked.at(-1);
      // Still on the way: the address shows where we started or an older change of ours. Caught
      // up, or changed elsewhere (a link, Back): the address is the base.
      const onTheWay =
        last !== undefined &&
        address !== last &&
        (address === p.origin || p.asked.includes(address));
      if (!onTheWay) pending.current = { origin: address, asked: [] };
      const next = mergeSearchParams(
        new URLSearchParams(onTheWay ? last : address),
        changes,
        resetUnlessNamed,
      );
      pending.current.asked.push(next.toString());
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, merge] as const;
}
