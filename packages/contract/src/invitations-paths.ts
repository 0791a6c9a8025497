import { apiPath } from './api-path';

// Kept apart from the zod schemas so the web app can import them without bundling zod.

export const INVITATIONS_API = {
  list: '/api/invitations',
  one: apiPath('/api/invitations/:id'),
  resend: apiPath('/api/invitations/:id/resend'),
  /** Public: the person following the mailed link. */
  accept: '/api/invitations/accept',
  /**
   * Public: who invited whom for what, from the link's token (its own prefix: under
   * /api/invitations/ it would be ambiguous with `:id/resend`).
   */
  preview: apiPath('/api/invitation-links/:token', { encode: true }),
} as const;
