import type {
  Dashboard,
  DashboardCard,
  DashboardPeriod,
  DashboardSeries,
  DashboardTable,
} from '@bo/contract/dashboards';
import { DASHBOARD_MAX_DAYS, daysBetween } from '@bo/contract/dashboards';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import TrendingDownRounded from '@mui/icons-material/TrendingDownRounded';
import TrendingFlatRounded from '@mui/icons-material/TrendingFlatRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { Label } from '../../components/label/label';
import type { LabelColor } from '../../components/label/label';
import { latinBytes, useFormat } from '../../lib/format';
import { saveBlob } from '../../lib/save-blob';
import { DateField } from '../../components/form/date-field';

const SparkLine = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.SparkLine })));
const SeriesChart = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.SeriesChart })),
);

type Unit = DashboardCard['unit'] | 'text' | 'date' | 'status';
type Format = ReturnType<typeof useFormat>;

/** A figure as it reads in the person's language. */
export function formatValue(
  f: Format,
  unit: Unit,
  value: string | number | null,
  currency?: string,
): string {
  if (value === null) return '—';
  if (typeof value === 'string') {
    if (unit === 'date') return f.day(value);
    return value;
  }
  if (unit === 'cents') return f.money(value, currency);
  if (unit === 'percent') return f.percent(value / 100);
  if (unit === 'bytes') return f.bytes(value);
  return f.count(value);
}

// ---- period -------------------------------------------------------------------------------

const QUICK = ['today', '7d', '30d', '12m'] as const;

type PeriodProps = {
  period: DashboardPeriod;
  from: string;
  to: string;
  choose: (p: (typeof QUICK)[number]) => void;
  setRange: (from: string, to: string) => void;
};

/** Today, 7 days, 30 days, 12 months or two days of one's own; always against the period before. */
export function PeriodPicker({ period, from, to, choose, setRange }: PeriodProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(period === 'custom');
  const [draft, setDraft] = useState({ from, to });
  const days = draft.from && draft.to ? daysBetween(draft.from, draft.to) : 0;
  const error =
    !draft.from || !draft.to
      ? null
      : days < 1
        ? t('dashboards.period.endBeforeStart')
        : days > DASHBOARD_MAX_DAYS
          ? t('dashboards.period.tooLong', { days: DASHBOARD_MAX_DAYS })
          : null;
  return (
    <Stack
      spacing={1.5}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, minWidth: 0, maxWidth: '100%' }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={open ? 'custom' : period}
        aria-label={t('dashboards.period.label')}
        onChange={(_, value: DashboardPeriod | null) => {
          if (!value) return;
          if (value === 'custom') {
            setDraft({ from, to });
            setOpen(true);
            return;
          }
          setOpen(false);
          choose(value);
        }}
        // Wraps (never clips) on a phone: the group may not grow wider than its column.
        sx={{ flexWrap: 'wrap', maxWidth: '100%', minWidth: 0, rowGap: 0.5 }}
      >
        {[...QUICK, 'custom' as const].map((p) => (
          <ToggleButton
            key={p}
            value={p}
            sx={{
              px: 1.5,
              minHeight: 36,
              flex: { xs: '1 0 auto', sm: '0 0 auto' },
              whiteSpace: 'nowrap',
            }}
          >
            {t(`dashboards.period.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {open && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          onSubmit={(e) => {
            e.preventDefault();
            if (!error && draft.from && draft.to) setRange(draft.from, draft.to);
          }}
        >
          <DateField
            type="date"
            size="small"
            label={t('dashboards.period.from')}
            value={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            required
          />
          <DateField
            type="date"
            size="small"
            label={t('dashboards.period.to')}
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            error={!!error}
            helperText={error ?? ' '}
            required
          />
          <Button type="submit" variant="contained" disabled={!!error || !draft.from || !draft.to}>
            {t('dashboards.period.apply')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

// ---- cards --------------------------------------------------------------------------------

/** One figure: its value, its change against the previous period, its trend and its records. */
export function StatCard({
  card,
  label,
  currency,
}: {
  card: DashboardCard;
  label: string;
  /** The currency of money figures (the shop's by default). */
  currency?: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const theme = useTheme();
  const change = card.change;
  // Whether a move is good is the figure's own declaration: fewer cancellations are good news.
  const verdict =
    change === null || change === 0
      ? 'same'
      : card.goodWhen === 'neither'
        ? 'changed'
        : change > 0 === (card.goodWhen === 'up')
          ? 'better'
          : 'worse';
  const tone: LabelColor =
    verdict === 'better' ? 'success' : verdict === 'worse' ? 'error' : 'default';
  const Icon =
    change === null || change === 0
      ? TrendingFlatRounded
      : change > 0
        ? TrendingUpRounded
        : TrendingDownRounded;
  const title = card.link ? (
    <Link component={RouterLink} to={card.link} color="inherit" underline="hover">
      {label}
    </Link>
  ) : (
    label
  );
  return (
    <Card sx={{ p: 3, height: '100%' }} data-testid={`card-${card.id}`}>
      <Typography variant="subtitle2" component="h2">
        {title}
      </Typography>
      {/* In a narrow card (five to a row) the sparkline goes under the figures, not beside. */}
      <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 9rem', minWidth: 0 }}>
          <Typography variant="h4" component="p" data-testid={`value-${card.id}`}>
            <bdi>{formatValue(f, card.unit, card.value, currency)}</bdi>
          </Typography>
          {/* A figure of today (no period, no trend) shows no comparison line. */}
          {(card.previous !== null || card.spark.length > 0) && (
            <Box
              sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}
              data-testid={`change-${card.id}`}
              data-tone={tone}
            >
              <Label color={tone}>
                <Icon
                  sx={{ fontSize: 16, mr: 0.5 }}
                  titleAccess={change === null ? undefined : t(`dashboards.trend.${verdict}`)}
                  aria-hidden={change === null ? 'true' : undefined}
                />
                <bdi>{change === null ? '—' : f.change(change)}</bdi>
              </Label>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {card.previous === null
                  ? t('dashboards.noComparison')
                  : t('dashboards.vsPrevious', {
                      value: formatValue(f, card.unit, card.previous, currency),
                    })}
              </Typography>
            </Box>
          )}
        </Box>
        {card.spark.length > 1 && (
          <Suspense fallback={<Skeleton variant="rounded" width={96} height={40} />}>
            <SparkLine
              data={card.spark}
              color={tone === 'error' ? theme.palette.error.main : theme.palette.primary.main}
            />
          </Suspense>
        )}
      </Box>
    </Card>
  );
}

export function CardSkeleton() {
  return (
    <Card sx={{ p: 3 }}>
      <Skeleton width="40%" />
      <Skeleton variant="text" sx={{ fontSize: '2rem' }} width="60%" />
      <Skeleton width="50%" />
    </Card>
  );
}

// ---- export -------------------------------------------------------------------------------

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

function downloadCsv(name: string, header: string[], rows: Array<Array<string | number | null>>) {
  const text = [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n');
  saveBlob(new Blob([`\uFEFF${text}\r\n`], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
}

function CsvButton({ onClick, name }: { onClick: () => void; name: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      color="inherit"
      startIcon={<FileDownloadRounded />}
      onClick={onClick}
      aria-label={t('dashboards.exportNamed', { name })}
    >
      {t('dashboards.export')}
    </Button>
  );
}

// ---- series -------------------------------------------------------------------------------

/** A series over the period against the previous one, with its figures exportable as CSV. */
export function SeriesCard({
  series,
  title,
  period,
  fileName,
  currency,
  showTotal = true,
}: {
  series: DashboardSeries;
  title: string;
  period: Dashboard['period'];
  fileName: string;
  currency?: string;
  /** Off for a level (a balance), where adding the buckets up means nothing. */
  showTotal?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const labels = series.buckets.map((b) => (b.length === 7 ? f.month(b) : f.day(b)));
  const total = series.values.reduce((a, b) => a + b, 0);
  return (
    <Card>
      <CardHeader
        title={title}
        titleTypographyProps={{ component: 'h2', variant: 'h6' }}
        subheader={
          showTotal ? (
            <bdi>
              {t('dashboards.total', { value: formatValue(f, series.unit, total, currency) })}
            </bdi>
          ) : undefined
        }
        action={
          <CsvButton
            name={title}
            onClick={() =>
              downloadCsv(
                fileName,
                [t('dashboards.bucket'), t('dashboards.current'), t('dashboards.previous')],
                series.buckets.map((b, i) => [
                  b,
                  series.values[i] ?? 0,
                  series.previous ? (series.previous[i] ?? null) : null,
                ]),
              )
            }
          />
        }
      />
      <Box sx={{ px: 1, pb: 2 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={320} sx={{ mx: 2 }} />}>
          <SeriesChart
            labels={labels}
            values={series.values}
            previous={series.previous}
            format={(v) => formatValue(f, series.unit, v, currency)}
            tick={(v) => {
              if (series.unit === 'bytes') {
                const size = f.bytes(v);
                return /[\u0600-\u06ff]/.test(size) ? latinBytes(v) : size;
              }
              const n = series.unit === 'cents' ? v / 100 : v;
              // Compact words ("35 ألف") mix directions inside the left-to-right chart, and the
              // browser then draws them across the axis: Arabic ticks read in full ("35,000").
              const short = f.compact(n);
              return /[\u0600-\u06ff]/.test(short) ? f.count(Math.round(n)) : short;
            }}
            currentLabel={t('dashboards.current')}
            previousLabel={
              period.previousFrom && period.previousTo
                ? t('dashboards.previousRange', {
                    from: f.day(period.previousFrom),
                    to: f.day(period.previousTo),
                  })
                : t('dashboards.previous')
            }
            title={title}
            whole={series.unit === 'count'}
          />
        </Suspense>
      </Box>
    </Card>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

// ---- tables -------------------------------------------------------------------------------

/** A table of the dashboard: each row links to its record, the whole to the full list. */
export function TableCard({
  table,
  title,
  column,
  cell,
  fileName,
  empty,
  currency,
  rowAction,
  actionLabel,
  secondary = [],
}: {
  table: DashboardTable;
  title: string;
  column: (id: string) => string;
  /** A cell's content when it needs more than formatting (a status label). */
  cell?: (
    columnId: string,
    value: string | number | null,
    cells: Record<string, string | number | null>,
  ) => ReactNode;
  fileName: string;
  empty: string;
  currency?: string;
  /** Buttons at the end of each row (acting on its record). */
  rowAction?: (row: DashboardTable['rows'][number]) => ReactNode;
  actionLabel?: string;
  /**
   * Columns the card drops below the xl breakpoint (a laptop's 1440 px puts two tables side by
   * side), so the ones that matter stay in view; the CSV keeps them all.
   */
  secondary?: readonly string[];
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const shown = (id: string) =>
    secondary.includes(id) ? { display: { xs: 'none', xl: 'table-cell' } } : {};
  return (
    <Card sx={{ height: '100%', minWidth: 0, maxWidth: '100%' }} data-testid={`table-${table.id}`}>
      <CardHeader
        title={title}
        titleTypographyProps={{ component: 'h2', variant: 'h6' }}
        action={
          <CsvButton
            name={title}
            onClick={() =>
              downloadCsv(
                fileName,
                table.columns.map((c) => column(c.id)),
                table.rows.map((r) => table.columns.map((c) => r.cells[c.id] ?? null)),
              )
            }
          />
        }
      />
      {/* Focusable so a keyboard can scroll a table wider than the screen. */}
      <Box
        sx={{
          overflowX: 'auto',
          mt: 1,
          maxWidth: '100%',
          // A visible scrollbar says there is more (overlay scrollbars hide it until scrolled).
          scrollbarWidth: 'thin',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
        tabIndex={0}
        role="region"
        aria-label={title}
        data-testid={`table-scroll-${table.id}`}
      >
        <Table size="small" sx={{ '& .MuiTableCell-root': { px: 1.5 } }}>
          <TableHead>
            <TableRow>
              {table.columns.map((c) => (
                <TableCell
                  key={c.id}
                  align={['count', 'cents', 'percent', 'bytes'].includes(c.unit) ? 'right' : 'left'}
                  sx={{ whiteSpace: 'nowrap', ...shown(c.id) }}
                >
                  {column(c.id)}
                </TableCell>
              ))}
              {rowAction && (
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {actionLabel}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={table.columns.length + (rowAction ? 1 : 0)}>
                  <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {table.rows.map((row) => (
              <TableRow key={row.id} hover>
                {table.columns.map((c, i) => {
                  const value = row.cells[c.id] ?? null;
                  const content = cell?.(c.id, value, row.cells) ?? (
                    <bdi>{formatValue(f, c.unit, value, currency)}</bdi>
                  );
                  return (
                    <TableCell
                      key={c.id}
                      align={
                        ['count', 'cents', 'percent', 'bytes'].includes(c.unit) ? 'right' : 'left'
                      }
                      sx={{
                        whiteSpace: 'nowrap',
                        // A long name (a company's) is cut with an ellipsis, not the columns after it.
                        ...(i > 0 && c.unit === 'text'
                          ? { maxWidth: '11rem', overflow: 'hidden', textOverflow: 'ellipsis' }
                          : {}),
                        ...shown(c.id),
                      }}
                      title={
                        i > 0 && c.unit === 'text' && typeof value === 'string' ? value : undefined
                      }
                    >
                      {i === 0 && row.link ? (
                        <Link component={RouterLink} to={row.link} underline="hover">
                          {content}
                        </Link>
                      ) : (
                        content
                      )}
                    </TableCell>
                  );
                })}
                {rowAction && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {rowAction(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {table.link && (
        <Box sx={{ p: 2, textAlign: 'end' }}>
          <Button component={RouterLink} to={table.link} size="small" color="inherit">
            {t('dashboards.viewAll')}
          </Button>
        </Box>
      )}
    </Card>
  );
}
