import type { Dashboard, DashboardName, DashboardQuery } from '@bo/contract/dashboards';
import { DASHBOARD_EVENTS, DASHBOARDS_API } from '@bo/contract/dashboards';
import { useEffect } from 'react';

import { queryOf } from '../../lib/http';
import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';

const TAG = 'Dashboard' as const;

const dashboardsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<
      Dashboard,
      { name: DashboardName } & DashboardQuery & { currency?: string }
    >({
      query: ({ name, ...q }) => ({ url: DASHBOARDS_API.one(name), query: queryOf(q) }),
      transformResponse: (answer: { dashboard: Dashboard }) => answer.dashboard,
      providesTags: (_r, _e, arg) => [{ type: TAG, id: arg.name }],
    }),
  }),
});

export const { useDashboardQuery } = dashboardsApi;
export { dashboardsApi, TAG as DASHBOARD_TAG };

/** Which realtime events move which dashboard's figures. */
const LIVE: Partial<Record<DashboardName, string[]>> = {
  ecommerce: [DASHBOARD_EVENTS.ordersChanged],
  banking: [DASHBOARD_EVENTS.bankingChanged],
  analytics: [DASHBOARD_EVENTS.ordersChanged],
  booking: [DASHBOARD_EVENTS.bookingChanged],
  app: [DASHBOARD_EVENTS.ordersChanged],
  file: [DASHBOARD_EVENTS.filesChanged],
};

/** Refetches a dashboard when data behind it changes anywhere (another person, another tab). */
export function useLiveDashboard(name: DashboardName) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const types = new Set([...(LIVE[name] ?? []), REALTIME_RESYNC]);
    return subscribeRealtime((event) => {
      if (types.has(event.type))
        dispatch(dashboardsApi.util.invalidateTags([{ type: TAG, id: name }]));
    });
  }, [dispatch, name]);
}
