import type { CreateViewBody, SavedView, UpdateViewBody } from '@bo/contract/views';
import { VIEWS_API, type SavedViewList } from '@bo/contract/views-paths';

import { api } from '../../store/api';

/** Saved views of a list (issue 44): read when the list opens, changed from its Views menu. */
const viewsApi = api.enhanceEndpoints({ addTagTypes: ['SavedView'] }).injectEndpoints({
  endpoints: (build) => ({
    savedViews: build.query<{ views: SavedView[] }, SavedViewList>({
      query: (list) => ({ url: VIEWS_API.views, query: { list } }),
      providesTags: (_r, _e, list) => [{ type: 'SavedView', id: list }],
    }),
    createView: build.mutation<{ view: SavedView }, CreateViewBody>({
      query: (body) => ({ url: VIEWS_API.views, method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [{ type: 'SavedView', id: body.list }],
    }),
    updateView: build.mutation<
      { view: SavedView },
      { id: string; list: SavedViewList; body: UpdateViewBody }
    >({
      query: ({ id, body }) => ({ url: VIEWS_API.view(id), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { list }) => [{ type: 'SavedView', id: list }],
    }),
    deleteView: build.mutation<{ ok: true }, { id: string; list: SavedViewList }>({
      query: ({ id }) => ({ url: VIEWS_API.view(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { list }) => [{ type: 'SavedView', id: list }],
    }),
  }),
});

export const {
  useSavedViewsQuery,
  useCreateViewMutation,
  useUpdateViewMutation,
  useDeleteViewMutation,
} = viewsApi;
