import type { DashboardName } from '@bo/contract/dashboards';
import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DashboardFrame, useDashboardPage } from './dashboard-frame';
import { SeriesCard, StatCard, TableCard } from './dashboard-widgets';

type Props = {
  name: DashboardName;
  /** Width of each table on a large screen (out of 12); 6 by default. */
  tableWidth?: Record<string, number>;
  /** Per table, the columns dropped below xl (see TableCard). */
  secondary?: Record<string, readonly string[]>;
  cell?: (columnId: string, value: string | number | null) => ReactNode;
  /** Beside the period picker (an upload button…). */
  action?: ReactNode;
};

/**
 * A dashboard laid out from its answer: the period's figures, today's figures, each series
 * against the previous period, then the tables — with the texts under `dashboards.{name}`.
 */
export function GeneralDashboardView({
  name,
  tableWidth = {},
  secondary = {},
  cell,
  action,
}: Props) {
  const { t } = useTranslation();
  const page = useDashboardPage(name);
  const file = (id: string) => `${name}-${id}-${page.from}-${page.to}`;

  return (
    <DashboardFrame name={name} page={page} action={action}>
      {(data) => (
        <>
          {/* The figures have a row of their own (a nested grid): up to five share it, more
              wrap four to a row; "grow" items outside it would squeeze in beside a chart. */}
          {data.cards.length > 0 && (
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
          {data.series.map((s, i) => (
            <Grid
              key={s.id}
              size={{ xs: 12, lg: data.series.length % 2 === 1 && i === 0 ? 12 : 6 }}
            >
              <SeriesCard
                series={s}
                title={t(`dashboards.${name}.series.${s.id}`)}
                period={data.period}
                fileName={file(s.id)}
              />
            </Grid>
          ))}
          {data.tables.map((table) => (
            <Grid key={table.id} size={{ xs: 12, lg: tableWidth[table.id] ?? 6 }}>
              <TableCard
                secondary={secondary[table.id]}
                table={table}
                title={t(`dashboards.${name}.tables.${table.id}`)}
                column={(id) => t(`dashboards.${name}.columns.${id}`)}
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
