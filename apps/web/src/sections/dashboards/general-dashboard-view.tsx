import type { DashboardName } from '@bo/contract/dashboards';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '../../components/page-header/page-header';
import { useFormat } from '../../lib/format';
import { paths } from '../../routes/paths';
import { useDashboardQuery, useLiveDashboard } from './dashboards-api';
import { CardSkeleton, PeriodPicker, SeriesCard, StatCard, TableCard } from './dashboard-widgets';
import { usePeriod } from './use-period';

type Props = {
  name: DashboardName;
  /** Width of each table on a large screen (out of 12); 6 by default. */
  tableWidth?: Record<string, number>;
  cell?: (columnId: string, value: string | number | null) => ReactNode;
  /** Beside the period picker (an upload button…). */
  action?: ReactNode;
};

/**
 * A dashboard laid out from its answer: the period's figures, today's figures, each series
 * against the previous period, then the tables — with the texts under `dashboards.{name}`.
 */
export function GeneralDashboardView({ name, tableWidth = {}, cell, action }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const { period, from, to, choose, setRange } = usePeriod();
  const { data, isLoading, isError, refetch } = useDashboardQuery({
    name,
    from,
    to,
    compare: 'previous',
  });
  useLiveDashboard(name);
  const file = (id: string) => `${name}-${id}-${from}-${to}`;
  const empty = data ? data.cards.every((c) => c.value === 0) : false;
  const title = t(`dashboards.${name}.title`);

  return (
    <Box>
      <PageHeader
        title={title}
        crumbs={[{ name: t('nav.dashboard'), href: paths.dashboard.root }, { name: title }]}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {action}
            <PeriodPicker
              key={`${period}-${from}-${to}`}
              period={period}
              from={from}
              to={to}
              choose={choose}
              setRange={setRange}
            />
          </Box>
        }
      />
      {isError && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {t('dashboards.retry')}
            </Button>
          }
        >
          {t('dashboards.error')}
        </Alert>
      )}
      {empty && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t(`dashboards.${name}.empty`)}
        </Alert>
      )}
      <Grid container spacing={3}>
        {isLoading || !data
          ? Array.from({ length: 4 }, (_, i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
                <CardSkeleton />
              </Grid>
            ))
          : // The figures have a row of their own (a nested grid): up to five share it, more
            // wrap four to a row; "grow" items outside it would squeeze in beside a chart.
            data.cards.length > 0 && (
              <Grid size={12}>
                <Grid container spacing={3}>
                  {data.cards.map((c) => (
                    <Grid
                      key={c.id}
                      size={{ xs: 12, sm: 6, lg: data.cards.length <= 5 ? 'grow' : 3 }}
                    >
                      <StatCard card={c} label={t(`dashboards.${name}.cards.${c.id}`)} />
                    </Grid>
                  ))}
                </Grid>
              </Grid>
            )}
        {data?.series.map((s, i) => (
          <Grid key={s.id} size={{ xs: 12, lg: data.series.length % 2 === 1 && i === 0 ? 12 : 6 }}>
            <SeriesCard
              series={s}
              title={t(`dashboards.${name}.series.${s.id}`)}
              period={data.period}
              fileName={file(s.id)}
            />
          </Grid>
        ))}
        {data?.tables.map((table) => (
          <Grid key={table.id} size={{ xs: 12, lg: tableWidth[table.id] ?? 6 }}>
            <TableCard
              table={table}
              title={t(`dashboards.${name}.tables.${table.id}`)}
              column={(id) => t(`dashboards.${name}.columns.${id}`)}
              cell={cell}
              fileName={file(table.id)}
              empty={t('dashboards.noRows')}
            />
          </Grid>
        ))}
      </Grid>
      {data && (
        <Box component="p" sx={{ mt: 3, typography: 'caption', color: 'text.secondary' }}>
          {t(`dashboards.${name}.periodNote`, {
            from: f.day(data.period.from),
            to: f.day(data.period.to),
          })}
        </Box>
      )}
    </Box>
  );
}
