import { useCallback, useRef, useState } from 'react';

/**
 * The rows chosen in a list: a click toggles one row, a Shift-click sets every row between the
 * last one clicked and this one to this one's new state (as files and mail clients do).
 * `rows` is the order on screen.
 */
export function nextSelection(
  selected: readonly string[],
  rows: readonly string[],
  id: string,
  anchor: string | null,
  shift: boolean,
): string[] {
  const on = !selected.includes(id);
  const from = anchor ? rows.indexOf(anchor) : -1;
  const to = rows.indexOf(id);
  const span =
    shift && from >= 0 && to >= 0 ? rows.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  const set = new Set(selected);
  for (const row of span) {
    if (on) set.add(row);
    else set.delete(row);
  }
  return rows.filter((row) => set.has(row)).concat([...set].filter((row) => !rows.includes(row)));
}

export function useRangeSelection() {
  const [selected, setSelected] = useState<string[]>([]);
  const anchor = useRef<string | null>(null);
  const toggle = useCallback((rows: readonly string[], id: string, shift: boolean) => {
    setSelected((prev) => nextSelection(prev, rows, id, anchor.current, shift));
    anchor.current = id;
  }, []);
  const setAll = useCallback((ids: string[]) => {
    setSelected(ids);
    anchor.current = null;
  }, []);
  return { selected, toggle, setAll };
}
