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
 * the first one back. Until the router shows the query asked for, merges build on that query,
 * not on what a render shows: the router navigates in a transition, so an urgent render in
 * between (the calendar setting its title) still shows the old query, and building on it undid
 * the view just chosen.
 */
export function useSearchParamsMerger() {
  const [params, setParams] = useSearchParams();
  const state = useRef<{
    rendered: URLSearchParams;
    /** The query of the render before our first pending change, and the queries asked since. */
    origin: string;
    asked: URLSearchParams[];
  }>({ rendered: params, origin: '', asked: [] });
  const s = state.current;
  s.rendered = params;
  const shown = params.toString();
  const last = s.asked.at(-1);
  if (last) {
    const ours = s.asked.some((q) => q.toString() === shown);
    // Caught up with the last change asked; or a change made elsewhere (a link, Back): start
    // again from what is shown. An older query of ours, or the one before them, is a render that
    // has not caught up yet.
    if (shown === last.toString() || (!ours && shown !== s.origin)) s.asked = [];
  }
  const merge = useCallback(
    (changes: Record<string, SearchParamValue>, resetUnlessNamed: readonly string[] = []) => {
      const base = state.current.asked.at(-1) ?? state.current.rendered;
      if (!state.current.asked.length) state.current.origin = state.current.rendered.toString();
      const next = mergeSearchParams(base, changes, resetUnlessNamed);
      state.current.asked.push(next);
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, merge] as const;
}
