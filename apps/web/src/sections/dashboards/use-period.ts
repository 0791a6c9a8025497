import {
  DASHBOARD_DEFAULT_PERIOD,
  DASHBOARD_MAX_DAYS,
  DASHBOARD_PERIODS,
  daysBetween,
  periodRange,
  type DashboardPeriod,
} from '@bo/contract/dashboards';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import { todayIso } from '../../lib/format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The dashboard's period lives in the URL, so a view can be shared and survives a reload:
 * `?period=7d`, or `?from=2026-01-01&to=2026-03-31` for a custom one.
 */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const asked = params.get('period') as DashboardPeriod | null;
  const customOk =
    DAY.test(from) &&
    DAY.test(to) &&
    daysBetween(from, to) >= 1 &&
    daysBetween(from, to) <= DASHBOARD_MAX_DAYS;
  const period: DashboardPeriod =
    customOk && (!asked || asked === 'custom')
      ? 'custom'
      : asked && DASHBOARD_PERIODS.includes(asked) && asked !== 'custom'
        ? asked
        : DASHBOARD_DEFAULT_PERIOD;
  const range = period === 'custom' ? { from, to } : periodRange(period, todayIso());

  const choose = useCallback(
    (next: Exclude<DashboardPeriod, 'custom'>) =>
      setParams(
        (p) => {
          p.delete('from');
          p.delete('to');
          if (next === DASHBOARD_DEFAULT_PERIOD) p.delete('period');
          else p.set('period', next);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setRange = useCallback(
    (nextFrom: string, nextTo: string) =>
      setParams(
        (p) => {
          p.set('period', 'custom');
          p.set('from', nextFrom);
          p.set('to', nextTo);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { period, ...range, choose, setRange };
}
