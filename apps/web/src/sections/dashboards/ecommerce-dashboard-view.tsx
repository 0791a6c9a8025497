import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';

import { Label } from '../../components/label/label';
import type { LabelColor } from '../../components/label/label';
import { useFormat } from '../../lib/format';
import { DashboardFrame, useDashboardPage } from './dashboard-frame';
import { SeriesCard, StatCard, TableCard } from './dashboard-widgets';

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
  const page = useDashboardPage('ecommerce');
  const file = (id: string) => `ecommerce-${id}-${page.from}-${page.to}`;
  const status = (columnId: string, value: string | number | null) =>
    columnId === 'status' && typeof value === 'string' ? (
      <Label color={STATUS_COLOR[value] ?? 'default'}>{t(`dashboards.status.${value}`)}</Label>
    ) : columnId === 'gender' && typeof value === 'string' ? (
      t(`dashboards.gender.${value}`, { defaultValue: value })
    ) : undefined;

  return (
    <DashboardFrame
      name="ecommerce"
      page={page}
      note={{
        key: 'dashboards.periodNote',
        values: (data) => ({
          cancelled: f.count(data.cards.find((c) => c.id === 'cancelled')?.value ?? 0),
        }),
      }}
    >
      {(data) => (
        <>
          {data.cards
            .filter((c) => c.id !== 'cancelled')
            .map((c) => (
              <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 3 }}>
                <StatCard card={c} label={t(`dashboards.ecommerce.cards.${c.id}`)} />
              </Grid>
            ))}
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
          {data.tables
            .filter((x) => x.id !== 'byStatus')
            .map((table) => (
              <Grid
                key={table.id}
                size={{
                  xs: 12,
                  lg: table.id === 'latestOrders' || table.id === 'byGender' ? 12 : 6,
                }}
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
        </>
      )}
    </DashboardFrame>
  );
}
