import type { SystemState } from '@bo/contract/system';
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
  }),
});

export const { useSystemStateQuery } = systemApi;
