import type { ExportListAnswer } from '@bo/contract/exports';
import { EXPORTS_API } from '@bo/contract/exports';

import { api } from '../../store/api';

/** My exports: the exports made as a job, and their deletion. */
const exportsApi = api.enhanceEndpoints({ addTagTypes: ['Export'] }).injectEndpoints({
  endpoints: (build) => ({
    myExports: build.query<ExportListAnswer, void>({
      query: () => ({ url: EXPORTS_API.list }),
      providesTags: ['Export'],
    }),
    deleteExport: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: EXPORTS_API.one(id), method: 'DELETE' }),
      invalidatesTags: ['Export'],
    }),
  }),
});

export const { useMyExportsQuery, useDeleteExportMutation } = exportsApi;
