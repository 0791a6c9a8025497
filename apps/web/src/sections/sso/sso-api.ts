import type { SsoMappingsAnswer, SsoMappingsBody } from '@bo/contract/sso';
import { SSO_API } from '@bo/contract/sso-paths';

import { api } from '../../store/api';

/** Administration → Single sign-on: the claim value → role table. */
const ssoApi = api.enhanceEndpoints({ addTagTypes: ['SsoMappings'] }).injectEndpoints({
  endpoints: (build) => ({
    ssoMappings: build.query<SsoMappingsAnswer, void>({
      query: () => ({ url: SSO_API.mappings }),
      providesTags: ['SsoMappings'],
    }),
    saveSsoMappings: build.mutation<SsoMappingsAnswer, SsoMappingsBody>({
      query: (body) => ({ url: SSO_API.mappings, method: 'PUT', body }),
      invalidatesTags: ['SsoMappings'],
    }),
  }),
});

export const { useSsoMappingsQuery, useSaveSsoMappingsMutation } = ssoApi;
