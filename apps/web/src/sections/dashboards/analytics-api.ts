import type { PageView, PageViewListQuery } from '@bo/contract/analytics';
import { ANALYTICS_API } from '@bo/contract/analytics';

import { queryOf } from '../../lib/http';
import { api } from '../../store/api';

const analyticsApi = api.enhanceEndpoints({ addTagTypes: ['PageView'] }).injectEndpoints({
  endpoints: (build) => ({
    pageViews: build.query<{ views: PageView[]; nextCursor: string | null }, PageViewListQuery>({
      query: (q) => ({ url: ANALYTICS_API.views, query: queryOf(q) }),
      providesTags: ['PageView'],
    }),
  }),
});

export const { usePageViewsQuery } = analyticsApi;
