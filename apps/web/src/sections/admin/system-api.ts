import type { DemoDataRemoved, SystemState } from '@bo/contract/system';
import { SYSTEM_API } from '@bo/contract/system-paths';

import { api } from '../../store/api';

/**
 * Administration → System, read by its page and by the administrators' mail banner of the
 * dashboard frame (so only paths and types here: no zod schema reaches every screen).
 */
const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    systemState: build.query<SystemState, void>({
      query: () => ({ url: SYSTEM_API.state }),
    }),
    removeDemoData: build.mutation<DemoDataRemoved, void>({
      query: () => ({ url: SYSTEM_API.demoData, method: 'DELETE' }),
      // The page then shows the state the removal left (no demo data).
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // A refusal (409: no demo data left) is the caller's to show.
        if (!(await queryFulfilled.then(() => true).catch(() => false))) return;
        dispatch(
          systemApi.util.updateQueryData('systemState', undefined, (state) => {
            state.demoData = false;
          }),
        );
      },
    }),
  }),
});

export const { useSystemStateQuery, useRemoveDemoDataMutation } = systemApi;
