import { CHAT_API, type ChatStatus } from '@bo/contract/chat-constants';
import { USERS_API } from '@bo/contract/users-paths';

import { api } from '../../store/api';

/** The few fields the header needs from a user record; the users area owns the full schema. */
export type Contact = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  status: string | null;
  /** Presence (from chat's contacts) and the key that opens a conversation with them. */
  presence?: ChatStatus;
  username?: string;
};

type RawUser = {
  id: string;
  name?: string;
  displayName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  avatarUrl?: string | null;
  photoURL?: string | null;
  avatar?: string | null;
  status?: string | null;
};

function toContact(u: RawUser): Contact {
  const name = u.name ?? u.displayName ?? [u.firstName, u.lastName].filter(Boolean).join(' ');
  return {
    id: u.id,
    name: name || u.email || u.id,
    email: u.email ?? '',
    avatar: u.avatarUrl ?? u.photoURL ?? u.avatar ?? null,
    status: u.status ?? null,
  };
}

const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<Contact[], void>({
      query: () => ({ url: USERS_API.list, query: { limit: 20 } }),
      transformResponse: (answer: { users?: RawUser[] }) => (answer.users ?? []).map(toContact),
      providesTags: ['User'],
    }),
    /** Colleagues with their presence (online first): for people who may use the chat. */
    getPresenceContacts: build.query<Contact[], void>({
      query: () => CHAT_API.contacts,
      transformResponse: (answer: {
        contacts: Array<{
          id: string;
          name: string;
          email: string;
          avatar: string | null;
          status: ChatStatus;
          username: string;
        }>;
      }) =>
        answer.contacts
          .map((c) => ({
            id: c.id,
            name: c.name,
            email: c.email,
            avatar: c.avatar,
            status: null,
            presence: c.status,
            username: c.username,
          }))
          .sort((a, b) => PRESENCE_ORDER[a.presence] - PRESENCE_ORDER[b.presence]),
      providesTags: ['User'],
    }),
  }),
});

const PRESENCE_ORDER: Record<ChatStatus, number> = { online: 0, busy: 1, away: 2, offline: 3 };

export const { useGetContactsQuery, useGetPresenceContactsQuery } = contactsApi;
