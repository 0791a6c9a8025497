import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';

import { Label } from '../../components/label/label';
import type { LabelColor } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { useFormat } from '../../lib/format';
import { paths } from '../../routes/paths';
import { useDashboardQuery, useLiveDashboard } from './dashboards-api';
import { CardSkeleton, PeriodPicker, SeriesCard, StatCard, TableCard } from './dashboard-widgets';
import { usePeriod } from './use-period';

const STATUS_COLOR: Record<string, LabelColor> = {
  pending: 'warning',
  completed: 'success',
  cancelled: 'default',
  refunded: 'error',
};

/** /dashboard/ecommerce — the shop's orders and revenue for a period, live. */
export function EcommerceDashboardView() {
  const { t } = useTranslation();
  const f = useFormat();
  const { period, from, to, choose, setRange } = usePeriod();
  const { data, isLoading, isError, refetch } = useDashboardQuery({
    name: 'ecommerce',
    from,
    to,
    compare: 'previous',
  });
  useLiveDashboard('ecommerce');
  const file = (id: string) => `ecommerce-${id}-${from}-${to}`;
  const status = (columnId: string, value: string | number | null) =>
    columnId === 'status' && typeof value === 'string' ? (
      <Label color={STATUS_COLOR[value] ?? 'default'}>{t(`dashboards.status.${value}`)}</Label>
    ) : columnId === 'gender' && typeof value === 'string' ? (
      t(`dashboards.gender.${value}`, { defaultValue: value })
    ) : undefined;
  const empty = data ? data.cards.every((c) => c.value === 0) : false;

  return (
    <Box>
      <PageHeader
        title={t('dashboards.ecommerce.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('dashboards.ecommerce.title') },
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
          {t('dashboards.ecommerce.empty')}
        </Alert>
      )}
      <Grid container spacing={3}>
        {isLoading || !data
          ? Array.from({ length: 4 }, (_, i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
                <CardSkeleton />
              </Grid>
            ))
          : data.cards
              .filter((c) => c.id !== 'cancelled')
              .map((c) => (
                <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 3 }}>
                  <StatCard card={c} label={t(`dashboards.ecommerce.cards.${c.id}`)} />
                </Grid>
              ))}
        {data && (
          <>
            <Grid size={{ xs: 12, lg: 7 }}>
              <SeriesCard
                series={data.series.find((x) => x.id === 'revenue')!}
                title={t('dashboards.ecommerce.series.revenue')}
                period={data.period}
                fileName={file('revenue')}
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 5 }}>
              <TableCard
                table={data.tables.find((x) => x.id === 'byStatus')!}
                title={t('dashboards.ecommerce.tables.byStatus')}
                column={(id) => t(`dashboards.columns.${id}`)}
                cell={status}
                fileName={file('by-status')}
                empty={t('dashboards.noRows')}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <SeriesCard
                series={data.series.find((x) => x.id === 'orders')!}
                title={t('dashboards.ecommerce.series.orders')}
                period={data.period}
                fileName={file('orders')}
              />
            </Grid>
          </>
        )}
        {data?.tables
          .filter((x) => x.id !== 'byStatus')
          .map((table) => (
            <Grid
              key={table.id}
              size={{ xs: 12, lg: table.id === 'latestOrders' || table.id === 'byGender' ? 12 : 6 }}
            >
              <TableCard
                table={table}
                title={t(`dashboards.ecommerce.tables.${table.id}`)}
                column={(id) => t(`dashboards.columns.${id}`)}
                cell={status}
                fileName={file(table.id)}
                empty={t('dashboards.noRows')}
              />
            </Grid>
          ))}
      </Grid>
      {data && (
        <Box component="p" sx={{ mt: 3, typography: 'caption', color: 'text.secondary' }}>
          {t('dashboards.periodNote', {
            from: f.day(data.period.from),
            to: f.day(data.period.to),
            cancelled: f.count(data.cards.find((c) => c.id === 'cancelled')?.value ?? 0),
          })}
        </Box>
      )}
    </Box>
  );
}
