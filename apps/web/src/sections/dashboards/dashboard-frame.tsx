import type { Dashboard, DashboardName } from '@bo/contract/dashboards';
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
import { CardSkeleton, PeriodPicker } from './dashboard-widgets';
import { usePeriod } from './use-period';

/**
 * A dashboard screen's state: the period in the URL, the answer for it against the period
 * before, refetched when data behind it changes anywhere.
 */
export function useDashboardPage(
  name: DashboardName,
  extra: { currency?: string } = {},
  options?: { pollingInterval?: number; skipPollingIfUnfocused?: boolean },
) {
  const period = usePeriod();
  const { data, isError, refetch } = useDashboardQuery(
    { name, from: period.from, to: period.to, compare: 'previous', ...extra },
    options,
  );
  useLiveDashboard(name);
  return { ...period, data, isError, refetch };
}

export type DashboardPage = ReturnType<typeof useDashboardPage>;

const allZero = (data: Dashboard) => data.cards.every((c) => c.value === 0);

type Props = {
  name: DashboardName;
  page: DashboardPage;
  /** Beside the period picker (a currency switch, an upload button…). */
  action?: ReactNode;
  /** When to say `dashboards.{name}.empty` above the figures; by default when every figure is 0. */
  isEmpty?: (data: Dashboard) => boolean;
  /** The line under the figures: `dashboards.{name}.periodNote` with the period's days unless told. */
  note?: { key?: string; values?: (data: Dashboard) => Record<string, string> };
  /** The grid's items once the answer is here (skeleton cards stand in until then). */
  children: (data: Dashboard) => ReactNode;
};

/**
 * What every dashboard has around its figures: title and crumbs, the period picker, the error
 * with a retry, the "nothing yet" line, skeletons while loading and the period's note.
 */
export function DashboardFrame({ name, page, action, isEmpty = allZero, note, children }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const { period, from, to, choose, setRange, data, isError, refetch } = page;
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
      {data && isEmpty(data) && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t(`dashboards.${name}.empty`)}
        </Alert>
      )}
      <Grid container spacing={3}>
        {data
          ? children(data)
          : Array.from({ length: 4 }, (_, i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
                <CardSkeleton />
              </Grid>
            ))}
      </Grid>
      {data && (
        <Box component="p" sx={{ mt: 3, typography: 'caption', color: 'text.secondary' }}>
          {t(note?.key ?? `dashboards.${name}.periodNote`, {
            from: f.day(data.period.from),
            to: f.day(data.period.to),
            ...note?.values?.(data),
          })}
        </Box>
      )}
    </Box>
  );
}
