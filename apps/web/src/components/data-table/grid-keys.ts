/** A cell of the grid: `row` 0 is the header row, the body's rows follow. */
export interface GridPosition {
  row: number;
  col: number;
}

/**
 * Where a key moves the focus in a grid of `rows` × `cols` cells (the WAI-ARIA grid pattern):
 * arrows one cell (left and right mirrored right to left), Home/End the row's ends, with Ctrl the
 * grid's corners, PageUp/PageDown `page` rows. `null` for a key that does not move.
 */
export function moveInGrid(
  at: GridPosition,
  key: string,
  size: { rows: number; cols: number },
  options: { ctrl?: boolean; rtl?: boolean; page?: number } = {},
): GridPosition | null {
  const last = { row: size.rows - 1, col: size.cols - 1 };
  const clamp = (p: GridPosition): GridPosition => ({
    row: Math.min(Math.max(p.row, 0), last.row),
    col: Math.min(Math.max(p.col, 0), last.col),
  });
  const forward = options.rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = options.rtl ? 'ArrowRight' : 'ArrowLeft';
  const page = options.page ?? 5;
  switch (key) {
    case forward:
      return clamp({ ...at, col: at.col + 1 });
    case backward:
      return clamp({ ...at, col: at.col - 1 });
    case 'ArrowDown':
      return clamp({ ...at, row: at.row + 1 });
    case 'ArrowUp':
      return clamp({ ...at, row: at.row - 1 });
    case 'PageDown':
      return clamp({ ...at, row: at.row + page });
    case 'PageUp':
      return clamp({ ...at, row: at.row - page });
    case 'Home':
      return options.ctrl ? { row: 0, col: 0 } : { ...at, col: 0 };
    case 'End':
      return options.ctrl ? last : { ...at, col: last.col };
    default:
      return null;
  }
}

/** What the keyboard reaches inside a cell (links, buttons, boxes). */
export const FOCUSABLE =
  'a[href], button, input, select, textarea, [tabindex]:not([data-grid-cell])';
