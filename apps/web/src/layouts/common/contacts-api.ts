import { api } from '../../store/api';

/** The few fields the header needs from a user record; the users area owns the full schema. */
export type Contact = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  status: string | null;
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
      query: () => ({ url: '/api/users', query: { limit: 20 } }),
      transformResponse: (answer: { users?: RawUser[] }) => (answer.users ?? []).map(toContact),
      providesTags: ['User'],
    }),
  }),
});

export const { useGetContactsQuery } = contactsApi;
