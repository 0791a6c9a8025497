import { z } from 'zod';
import { emailSchema, passwordSchema } from './account';
import { INVITATIONS_API } from './invitations-paths';

/**
 * Invitations: an administrator invites addresses with a role; each gets a mailed link valid
 * INVITATION_TTL_DAYS days that opens the accept page (choose a password, land signed in,
 * verified and approved).
 */
export { INVITATIONS_API };

export const INVITATION_TTL_DAYS = 7;
/** Addresses one call may invite. */
export const INVITATION_MAX_BATCH = 100;
/** The languages an invitation mail is written in (the web's languages). */
export const INVITATION_LANGS = ['en', 'fr', 'vi', 'cn', 'ar'] as const;
export type InvitationLang = (typeof INVITATION_LANGS)[number];

export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const createInvitationsBodySchema = z.object({
  emails: z.array(emailSchema).min(1).max(INVITATION_MAX_BATCH),
  role: z.string().trim().min(1).max(60),
  /** The mail's language (the inviting administrator's, by default English). */
  lang: z.enum(INVITATION_LANGS).default('en'),
});
export type CreateInvitationsBody = z.input<typeof createInvitationsBodySchema>;

export const invitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role: z.string(),
  lang: z.enum(INVITATION_LANGS),
  state: z.enum(INVITATION_STATES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastSentAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsQuerySchema = z.object({
  /** Pending ones, expired included (the default), or every invitation. */
  state: z.enum(['pending', 'all']).default('pending'),
});

export const invitationsAnswerSchema = z.object({ invitations: z.array(invitationSchema) });
export const invitationAnswerSchema = z.object({ invitation: invitationSchema });

export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** What the accept page shows before the person chooses a password. */
export const invitationPreviewSchema = z.object({
  invitation: z.object({
    email: z.string(),
    role: z.string(),
    state: z.enum(INVITATION_STATES),
    /** The inviting administrator's name. */
    invitedBy: z.string().nullable(),
    expiresAt: z.string(),
  }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>['invitation'];

export const acceptInvitationBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordSchema,
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;
