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
