import type {
  CreateInvitationsBody,
  Invitation,
  invitationsAnswerSchema,
} from '@bo/contract/invitations';
import { INVITATIONS_API } from '@bo/contract/invitations';
import type { z } from 'zod';

import { api } from '../../store/api';

export type { Invitation };
type InvitationsAnswer = z.output<typeof invitationsAnswerSchema>;

/** Administration → Invitations: the pending ones; invite, send again, revoke. */
const invitationsApi = api.enhanceEndpoints({ addTagTypes: ['Invitation'] }).injectEndpoints({
  endpoints: (build) => ({
    invitations: build.query<Invitation[], void>({
      query: () => ({ url: INVITATIONS_API.list }),
      transformResponse: (answer: InvitationsAnswer) => answer.invitations,
      providesTags: ['Invitation'],
    }),
    createInvitations: build.mutation<InvitationsAnswer, CreateInvitationsBody>({
      query: (body) => ({ url: INVITATIONS_API.list, method: 'POST', body }),
      invalidatesTags: ['Invitation'],
    }),
    resendInvitation: build.mutation<{ invitation: Invitation }, string>({
      query: (id) => ({ url: INVITATIONS_API.resend(id), method: 'POST' }),
      invalidatesTags: ['Invitation'],
    }),
    revokeInvitation: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: INVITATIONS_API.one(id), method: 'DELETE' }),
      invalidatesTags: ['Invitation'],
    }),
  }),
});

export const {
  useInvitationsQuery,
  useCreateInvitationsMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} = invitationsApi;
