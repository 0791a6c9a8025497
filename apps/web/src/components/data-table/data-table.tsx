import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

import { ColumnChooser } from './column-chooser';
import { FOCUSABLE, moveInGrid, type GridPosition } from './grid-keys';
import { EMPTY_PREFS, orderedIds, readPrefs, writePrefs, type TablePrefs } from './prefs';

/** One column of a list: what its header says and how a row's cell shows. */
export interface DataColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** Its starting width in pixels (the person may widen or narrow it). */
  width?: number;
  /** The server sorts by this column (the list passes `sort`). */
  sortable?: boolean;
  /** A column the list cannot do without (the row's name): never hidden. */
  required?: boolean;
  /** The header is read, not shown (a column of row actions). */
  hideHeader?: boolean;
}

export interface DataTableSelection {
  selected: readonly string[];
  toggle: (rows: readonly string[], id: string, shift: boolean) => void;
  setAll: (ids: string[]) => void;
}

export interface DataTableProps<Row> {
  /** The list's name: the person's layout of it is kept under it. */
  list: string;
  /** The grid's accessible name. */
  label: string;
  columns: ReadonlyArray<DataColumn<Row>>;
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => string;
  /** How a row is named to a screen reader (its box: "Select order #1042"). */
  rowLabel: (row: Row) => string;
  /** Rows are on their way: placeholders stand in them (under the rows already shown, if any). */
  loading?: boolean;
  /** A newer answer is on its way: the rows shown dim. */
  fetching?: boolean;
  error?: ReactNode;
  onRetry?: () => void;
  empty?: ReactNode;
  /** Rows can be chosen (for bulk actions): a box per row, Shift for a range, Space by keyboard. */
  selection?: DataTableSelection;
  /** Enter on a row (or a click on its cells) opens it. */
  onOpen?: (row: Row) => void;
  sort?: { by: string; dir: 'asc' | 'desc'; onSort: (by: string) => void };
  /** The row the page points at (a link's target): marked and announced as current. */
  currentId?: string | null;
  /** Row test id, for the browser tests' eyes. */
  rowTestId?: string;
}

const MIN_WIDTH = 64;
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;
const MAX_WIDTH = 640;

/**
 * The one table every list uses. The server sorts, filters and pages; this shows a page of rows
 * as a WAI-ARIA grid: one Tab stop, arrows move cell to cell (mirrored right to left), Home/End
 * and Ctrl+Home/End jump, Space chooses the row, Enter opens it. The person chooses, orders and
 * sizes the columns and the density (kept per list in this browser); the header stays in view
 * while the rows scroll; on a phone each row is a card of label and value. The column model is
 * ours, a few lines; TanStack Table's would cost 14 KiB on every list (decision 046).
 */
export function DataTable<Row>({
  list,
  label,
  columns,
  rows,
  getRowId,
  rowLabel,
  loading,
  fetching,
  error,
  onRetry,
  empty,
  selection,
  onOpen,
  sort,
  currentId,
  rowTestId,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const [prefs, setPrefsState] = useState<TablePrefs>(() => readPrefs(list));
  const setPrefs = useCallback(
    (change: (p: TablePrefs) => TablePrefs) =>
      setPrefsState((prev) => {
        const next = change(prev);
        writePrefs(list, next);
        return next;
      }),
    [list],
  );

  const declared = useMemo(() => columns.map((c) => c.id), [columns]);
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  // The column model: the person's order, without the columns they hid, at their widths.
  const visible = orderedIds(declared, prefs.order)
    .map((id) => byId.get(id)!)
    .filter((c) => c.required || !prefs.hidden.includes(c.id));
  const items = rows ?? [];
  const rowIds = items.map(getRowId);
  const selectCol = selection ? 1 : 0;
  const colCount = visible.length + selectCol;
  const width = (id: string) =>
    Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, prefs.widths[id] ?? byId.get(id)?.width ?? 160));
  const totalWidth = visible.reduce((sum, c) => sum + width(c.id), 0) + (selection ? 56 : 0);

  // The roving focus: one cell of the grid is in the Tab order.
  const gridRef = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 0 });
  const focusOnRender = useRef(false);
  const inside = useRef<string | null>(null);
  const showRows = !loading || items.length > 0;
  const bodyRows = showRows ? items.length : 0;
  const at = {
    row: Math.min(active.row, bodyRows),
    col: Math.min(active.col, Math.max(colCount - 1, 0)),
  };

  const cellAt = (p: GridPosition) =>
    gridRef.current?.querySelector<HTMLElement>(`[data-grid-cell="${p.row}:${p.col}"]`) ?? null;
  /** The cell itself, or the one control it holds (a link, a box), takes the focus. */
  const target = (cell: HTMLElement) => {
    const inner = cell.querySelectorAll<HTMLElement>(FOCUSABLE);
    return inner.length === 1 ? inner[0]! : cell;
  };

  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    for (const el of grid.querySelectorAll<HTMLElement>(`[data-grid-cell], ${FOCUSABLE}`))
      el.tabIndex = -1;
    const cell = cellAt(at);
    if (!cell) return;
    // Inside a cell of several controls (after Enter or F2), Tab goes from one to the next.
    if (inside.current === `${at.row}:${at.col}`) {
      for (const c of cell.querySelectorAll<HTMLElement>(FOCUSABLE)) c.tabIndex = 0;
      return;
    }
    const el = target(cell);
    el.tabIndex = 0;
    if (focusOnRender.current) {
      focusOnRender.current = false;
      el.focus();
    }
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const from = (e.target as HTMLElement).closest<HTMLElement>('[data-grid-cell]');
    if (!from || e.altKey || e.metaKey) return;
    const [row, col] = from.dataset.gridCell!.split(':').map(Number) as [number, number];
    const controls = from.querySelectorAll<HTMLElement>(FOCUSABLE);
    if (inside.current === from.dataset.gridCell) {
      // The controls of the cell have the keys, until Escape hands them back to the grid.
      if (e.key === 'Escape') {
        e.preventDefault();
        inside.current = null;
        for (const c of controls) c.tabIndex = -1;
        from.tabIndex = 0;
        from.focus();
      }
      return;
    }
    if ((e.key === 'Enter' || e.key === 'F2') && e.target === from && controls.length > 1) {
      e.preventDefault();
      inside.current = from.dataset.gridCell!;
      for (const c of controls) c.tabIndex = 0;
      from.tabIndex = -1;
      controls[0]!.focus();
      return;
    }
    const next = moveInGrid(
      { row, col },
      e.key,
      { rows: bodyRows + 1, cols: colCount },
      {
        ctrl: e.ctrlKey,
        rtl,
      },
    );
    if (next) {
      e.preventDefault();
      focusOnRender.current = true;
      setActive(next);
      // The same cell: nothing re-renders, so focus it now.
      if (next.row === at.row && next.col === at.col) {
        const cell = cellAt(next);
        if (cell) target(cell).focus();
      }
      return;
    }
    const item = row > 0 ? items[row - 1] : undefined;
    const onControl = (e.target as HTMLElement) !== from;
    if (e.key === ' ' && selection && row > 0 && item !== undefined) {
      // A box handles its own Space (with Shift for a range, below); anywhere else in the row.
      if ((e.target as HTMLElement).tagName === 'INPUT' && !e.shiftKey) return;
      e.preventDefault();
      selection.toggle(rowIds, getRowId(item), e.shiftKey);
    } else if (e.key === 'Enter' && onOpen && row > 0 && item !== undefined && !onControl) {
      e.preventDefault();
      onOpen(item);
    }
  };

  useEffect(() => {
    if (active.row > bodyRows) setActive((a) => ({ ...a, row: bodyRows }));
  }, [active.row, bodyRows]);

  // Widening by drag; the column menu does the same by keyboard.
  const resizing = useRef<{ id: string; x: number; w: number } | null>(null);
  const startResize = (id: string) => (e: ReactPointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    resizing.current = { id, x: e.clientX, w: width(id) };
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onResize = (e: ReactPointerEvent<HTMLSpanElement>) => {
    const r = resizing.current;
    if (!r) return;
    const delta = (e.clientX - r.x) * (rtl ? -1 : 1);
    const w = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, r.w + delta)));
    setPrefs((p) => ({ ...p, widths: { ...p.widths, [r.id]: w } }));
  };
  const endResize = () => {
    resizing.current = null;
  };

  const compact = prefs.density === 'compact';
  const allOnPage = rowIds.length > 0 && rowIds.every((id) => selection?.selected.includes(id));
  const someOnPage = rowIds.some((id) => selection?.selected.includes(id));
  const cellProps = (row: number, col: number) => ({
    'data-grid-cell': `${row}:${col}`,
    onFocus: () => {
      if (inside.current && inside.current !== `${row}:${col}`) inside.current = null;
      if (at.row !== row || at.col !== col) setActive({ row, col });
    },
  });

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1.5, pb: 0.5 }}>
        <ColumnChooser
          columns={orderedIds(declared, prefs.order).map((id) => ({
            id,
            header: byId.get(id)!.header,
            visible: byId.get(id)!.required || !prefs.hidden.includes(id),
            required: !!byId.get(id)!.required,
            width: width(id),
          }))}
          density={prefs.density}
          onChange={(change) => setPrefs(change)}
          onReset={() => setPrefs(() => EMPTY_PREFS)}
          icon={<ViewColumnOutlined />}
        />
      </Box>
      <TableContainer
        sx={{
          opacity: fetching ? 0.6 : 1,
          // The header stays in view: the rows scroll under it.
          maxHeight: { sm: 'max(420px, calc(100dvh - 280px))' },
        }}
      >
        <Table
          ref={gridRef}
          role="grid"
          aria-label={label}
          aria-rowcount={loading ? -1 : bodyRows + 1}
          aria-busy={loading || undefined}
          aria-colcount={colCount}
          aria-multiselectable={selection ? true : undefined}
          stickyHeader
          size={compact ? 'small' : 'medium'}
          onKeyDown={onKeyDown}
          data-density={prefs.density}
          sx={{
            [theme.breakpoints.up('sm')]: {
              tableLayout: 'fixed',
              minWidth: totalWidth,
            },
            // A chosen row is tinted lightly enough for grey captions to keep their contrast.
            '& tbody tr.Mui-selected, & tbody tr.Mui-selected:hover': {
              backgroundColor: alpha(theme.palette.primary.main, 0.04),
            },
            '& [data-grid-cell]:focus-visible, & [data-grid-cell] :focus-visible': {
              outline: `2px solid ${theme.palette.primary.main}`,
              outlineOffset: -2,
            },
            // A phone shows each row as a card: the header's words go before each value.
            [theme.breakpoints.down('sm')]: {
              '& thead': {
                position: 'absolute',
                width: 1,
                height: 1,
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
              },
              '& tbody, & tbody tr, & tbody td': { display: 'block', width: '100%' },
              '& tbody tr': {
                position: 'relative',
                py: 1,
                borderBottom: `1px solid ${theme.palette.divider}`,
              },
              '& tbody td': {
                border: 0,
                py: 0.5,
                px: 2,
                display: 'flex',
                // Not MUI's reversed row of a right-aligned cell: the label stays first.
                flexDirection: 'row',
                gap: 1.5,
                justifyContent: 'space-between',
                alignItems: 'center',
                textAlign: 'end',
              },
              '& tbody td[data-label]::before': {
                content: 'attr(data-label)',
                color: theme.palette.text.secondary,
                fontSize: theme.typography.caption.fontSize,
                textAlign: 'start',
                flexShrink: 0,
              },
              '& tbody td.data-table-select': {
                position: 'absolute',
                insetInlineEnd: 0,
                top: 4,
                width: 'auto',
                p: 0.5,
              },
              '& tbody td.data-table-first': {
                fontWeight: 600,
                pe: selection ? 6 : 2,
                justifyContent: 'flex-start',
                textAlign: 'start',
              },
            },
          }}
        >
          <TableHead>
            <TableRow role="row" aria-rowindex={1}>
              {selection && (
                <TableCell
                  padding="checkbox"
                  role="columnheader"
                  sx={{ width: 56 }}
                  {...cellProps(0, 0)}
                >
                  <Checkbox
                    indeterminate={someOnPage && !allOnPage}
                    checked={allOnPage}
                    disabled={!rowIds.length}
                    onChange={(e) =>
                      selection.setAll(
                        e.target.checked
                          ? [...new Set([...selection.selected, ...rowIds])]
                          : selection.selected.filter((id) => !rowIds.includes(id)),
                      )
                    }
                    slotProps={{
                      input: {
                        'aria-label': t('common.table.selectPage'),
                        // The native mixed state, not MUI's aria-checked="mixed" on a native
                        // box (an ARIA conflict axe reports).
                        'aria-checked': undefined,
                        ref: (el: HTMLInputElement | null) => {
                          if (el) el.indeterminate = someOnPage && !allOnPage;
                        },
                      },
                    }}
                  />
                </TableCell>
              )}
              {visible.map((c, i) => {
                const sorted = sort?.by === c.id;
                return (
                  <TableCell
                    key={c.id}
                    role="columnheader"
                    align={c.align}
                    aria-sort={
                      sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                    sx={{ width: width(c.id), position: 'sticky', whiteSpace: 'nowrap' }}
                    {...cellProps(0, i + selectCol)}
                  >
                    {c.sortable && sort ? (
                      <TableSortLabel
                        active={sorted}
                        direction={sorted ? sort.dir : 'asc'}
                        onClick={() => sort.onSort(c.id)}
                      >
                        {c.header}
                      </TableSortLabel>
                    ) : c.hideHeader ? (
                      <Box component="span" sx={VISUALLY_HIDDEN}>
                        {c.header}
                      </Box>
                    ) : (
                      c.header
                    )}
                    <Box
                      component="span"
                      aria-hidden
                      onPointerDown={startResize(c.id)}
                      onPointerMove={onResize}
                      onPointerUp={endResize}
                      onPointerCancel={endResize}
                      sx={{
                        display: { xs: 'none', sm: 'block' },
                        position: 'absolute',
                        top: 8,
                        bottom: 8,
                        insetInlineEnd: 0,
                        width: 6,
                        cursor: 'col-resize',
                        touchAction: 'none',
                        borderInlineEnd: `2px solid ${theme.palette.divider}`,
                        '&:hover': { borderColor: theme.palette.primary.main },
                      }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {showRows &&
              items.map((item, r) => {
                const id = rowIds[r]!;
                const chosen = !!selection?.selected.includes(id);
                return (
                  <TableRow
                    key={id}
                    role="row"
                    aria-rowindex={r + 2}
                    aria-selected={selection ? chosen : undefined}
                    hover
                    selected={chosen || id === currentId}
                    aria-current={id === currentId ? 'true' : undefined}
                    data-testid={rowTestId}
                    onDoubleClick={onOpen ? () => onOpen(item) : undefined}
                  >
                    {selection && (
                      <TableCell
                        padding="checkbox"
                        role="gridcell"
                        className="data-table-select"
                        {...cellProps(r + 1, 0)}
                      >
                        <Checkbox
                          checked={chosen}
                          onClick={(e) => selection.toggle(rowIds, id, e.shiftKey)}
                          slotProps={{ input: { 'aria-label': rowLabel(item) } }}
                        />
                      </TableCell>
                    )}
                    {visible.map((c, i) => {
                      return (
                        <TableCell
                          key={c.id}
                          role="gridcell"
                          align={c.align}
                          data-label={i === 0 || c.hideHeader ? undefined : c.header}
                          className={i === 0 ? 'data-table-first' : undefined}
                          sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
                          {...cellProps(r + 1, i + selectCol)}
                        >
                          {c.cell(item)}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            {loading &&
              Array.from({ length: items.length ? 2 : 5 }, (_, i) => (
                <TableRow key={`loading-${i}`} role="row">
                  <TableCell role="gridcell" colSpan={colCount}>
                    <Skeleton height={compact ? 24 : 32} />
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!loading && error ? (
        <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {error}
          </Typography>
          {onRetry && (
            <Button variant="outlined" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </Box>
      ) : (
        !loading && rows && rows.length === 0 && empty
      )}
    </Box>
  );
}
