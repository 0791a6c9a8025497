import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';

import { DashboardFrame, useDashboardPage } from './dashboard-frame';
import { SeriesCard, StatCard, TableCard } from './dashboard-widgets';
import { useRegionName } from '../../lib/use-region-name';

/** Page views arrive all the time: the figures are read again every minute while open. */
const POLL_MS = 60_000;

/** /dashboard/analytics — the app's own page views, visitors, sources and conversion. */
export function AnalyticsDashboardView() {
  const { t } = useTranslation();
  const page = useDashboardPage(
    'analytics',
    {},
    { pollingInterval: POLL_MS, skipPollingIfUnfocused: true },
  );
  const countryName = useRegionName();
  const file = (id: string) => `analytics-${id}-${page.from}-${page.to}`;
  const cell = (columnId: string, value: string | number | null) => {
    if (typeof value !== 'string') return undefined;
    if (columnId === 'source') return t(`dashboards.analytics.sources.${value}`);
    if (columnId === 'device') return t(`dashboards.analytics.devices.${value}`);
    if (columnId === 'country') return countryName(value);
    if (columnId === 'path') return <bdi dir="ltr">{value}</bdi>;
    return undefined;
  };

  return (
    <DashboardFrame
      name="analytics"
      page={page}
      isEmpty={(data) => data.cards.find((c) => c.id === 'views')?.value === 0}
    >
      {(data) => (
        <>
          {data.cards.map((c) => (
            <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard card={c} label={t(`dashboards.analytics.cards.${c.id}`)} />
            </Grid>
          ))}
          {data.series.map((s) => (
            <Grid key={s.id} size={{ xs: 12, lg: 6 }}>
              <SeriesCard
                series={s}
                title={t(`dashboards.analytics.series.${s.id}`)}
                period={data.period}
                fileName={file(s.id)}
              />
            </Grid>
          ))}
          {data.tables.map((table) => (
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
        </>
      )}
    </DashboardFrame>
  );
}
