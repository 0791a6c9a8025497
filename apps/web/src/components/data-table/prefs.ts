/** How a person has laid out one list: kept in this browser, per list. */
export interface TablePrefs {
  hidden: string[];
  order: string[];
  widths: Record<string, number>;
  density: 'standard' | 'compact';
}

export const EMPTY_PREFS: TablePrefs = { hidden: [], order: [], widths: {}, density: 'standard' };

const key = (list: string) => `data-table:${list}`;

export function readPrefs(list: string): TablePrefs {
  try {
    const raw = localStorage.getItem(key(list));
    if (!raw) return EMPTY_PREFS;
    const p = JSON.parse(raw) as Partial<TablePrefs>;
    return {
      hidden: Array.isArray(p.hidden) ? p.hidden.filter((x) => typeof x === 'string') : [],
      order: Array.isArray(p.order) ? p.order.filter((x) => typeof x === 'string') : [],
      widths:
        p.widths && typeof p.widths === 'object'
          ? Object.fromEntries(
              Object.entries(p.widths).filter(([, w]) => typeof w === 'number' && w > 0),
            )
          : {},
      density: p.density === 'compact' ? 'compact' : 'standard',
    };
  } catch {
    return EMPTY_PREFS;
  }
}

export function writePrefs(list: string, prefs: TablePrefs) {
  try {
    localStorage.setItem(key(list), JSON.stringify(prefs));
  } catch {
    // A browser that keeps nothing (private mode, full storage) keeps the layout for the visit.
  }
}

/** The columns in the person's order: their order first, columns they never moved after, as declared. */
export function orderedIds(declared: readonly string[], order: readonly string[]): string[] {
  const known = order.filter((id) => declared.includes(id));
  return [...known, ...declared.filter((id) => !known.includes(id))];
}

/** `ids` with `id` moved one place earlier (-1) or later (+1). */
export function moveId(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const at = ids.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}
