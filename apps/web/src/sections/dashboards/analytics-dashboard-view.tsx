import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '../../components/page-header/page-header';
import { useFormat } from '../../lib/format';
import { paths } from '../../routes/paths';
import { useDashboardQuery, useLiveDashboard } from './dashboards-api';
import { CardSkeleton, PeriodPicker, SeriesCard, StatCard, TableCard } from './dashboard-widgets';
import { usePeriod } from './use-period';
import { useRegionName } from './use-region-name';

/** Page views arrive all the time: the figures are read again every minute while open. */
const POLL_MS = 60_000;

/** /dashboard/analytics — the app's own page views, visitors, sources and conversion. */
export function AnalyticsDashboardView() {
  const { t } = useTranslation();
  const f = useFormat();
  const { period, from, to, choose, setRange } = usePeriod();
  const { data, isLoading, isError, refetch } = useDashboardQuery(
    { name: 'analytics', from, to, compare: 'previous' },
    { pollingInterval: POLL_MS, skipPollingIfUnfocused: true },
  );
  useLiveDashboard('analytics');
  const countryName = useRegionName();
  const file = (id: string) => `analytics-${id}-${from}-${to}`;
  const cell = (columnId: string, value: string | number | null) => {
    if (typeof value !== 'string') return undefined;
    if (columnId === 'source') return t(`dashboards.analytics.sources.${value}`);
    if (columnId === 'device') return t(`dashboards.analytics.devices.${value}`);
    if (columnId === 'country') return countryName(value);
    if (columnId === 'path') return <bdi dir="ltr">{value}</bdi>;
    return undefined;
  };
  const empty = data ? data.cards.find((c) => c.id === 'views')?.value === 0 : false;

  return (
    <Box>
      <PageHeader
        title={t('dashboards.analytics.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('dashboards.analytics.title') },
        ]}
        action={
          <PeriodPicker
            key={`${period}-${from}-${to}`}
            period={period}
            from={from}
            to={to}
            choose={choose}
            setRange={setRange}
          />
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
          {t('dashboards.analytics.empty')}
        </Alert>
      )}
      <Grid container spacing={3}>
        {isLoading || !data
          ? Array.from({ length: 4 }, (_, i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
                <CardSkeleton />
              </Grid>
            ))
          : data.cards.map((c) => (
              <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 3 }}>
                <StatCard card={c} label={t(`dashboards.analytics.cards.${c.id}`)} />
              </Grid>
            ))}
        {data?.series.map((s) => (
          <Grid key={s.id} size={{ xs: 12, lg: 6 }}>
            <SeriesCard
              series={s}
              title={t(`dashboards.analytics.series.${s.id}`)}
              period={data.period}
              fileName={file(s.id)}
            />
          </Grid>
        ))}
        {data?.tables.map((table) => (
          <Grid key={table.id} size={{ xs: 12, md: 6 }}>
            <TableCard
              table={table}
              title={t(`dashboards.analytics.tables.${table.id}`)}
              column={(id) => t(`dashboards.analytics.columns.${id}`)}
              cell={cell}
              fileName={file(table.id)}
              empty={t('dashboards.noRows')}
            />
          </Grid>
        ))}
      </Grid>
      {data && (
        <Box component="p" sx={{ mt: 3, typography: 'caption', color: 'text.secondary' }}>
          {t('dashboards.analytics.periodNote', {
            from: f.day(data.period.from),
            to: f.day(data.period.to),
          })}
        </Box>
      )}
    </Box>
  );
}
