import { z } from 'zod';

import { PASSWORD_MAX, PASSWORD_MIN } from './account-constants';

export const USER_STATUSES = ['active', 'pending', 'banned', 'rejected'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const LIMITATIONS = ['unverified', 'unapproved', 'needs_2fa'] as const;
export type Limitation = (typeof LIMITATIONS)[number];

export { PASSWORD_MAX, PASSWORD_MIN };

export const emailSchema = z.string().trim().toLowerCase().max(254).email();

/** Length rules shared by both sides; the server adds "not the email" and the common-password list. */
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** The signed-in person as the spec's account calls answer it. */
export const accountUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoURL: z.string().nullable(),
  role: z.string(),
  permissions: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  about: z.string().nullable(),
  isPublic: z.boolean(),
  /** Two-factor sign-in is on for this person. */
  twoFactorEnabled: z.boolean(),
  /**
   * Why the person may only use their own account for now (their `permissions` are then just
   * `account:self`): address not verified, not yet approved, or two-factor sign-in required.
   */
  limited: z.enum(LIMITATIONS).nullable(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginSuccessSchema = z.object({
  accessToken: z.string(),
  user: accountUserSchema,
  msg: z.string(),
});

/**
 * The password was right but the account has two-factor sign-in: no access token yet (so a
 * client that only knows the spec's answer shows `msg`); the code goes to POST login/2fa with
 * `mfaToken` within five minutes.
 */
export const loginMfaStepSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  msg: z.string(),
});

export const loginAnswerSchema = z.union([loginSuccessSchema, loginMfaStepSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** The second step: a 6-digit code from the authenticator app, or one recovery code. */
export const loginMfaBodySchema = z.object({
  mfaToken: z.string().min(1).max(2000),
  code: z.string().trim().min(6).max(20),
});

export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerAnswerSchema = z.object({
  accessToken: z.string(),
  user: accountUserSchema,
});

/**
 * The spec's `{ data: { user } }`, and the same object as `user` at the top, which is where the
 * template family's clients read it.
 */
export const myAccountAnswerSchema = z.object({
  data: z.object({ user: accountUserSchema }),
  user: accountUserSchema,
});

export const verifyBodySchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/),
});
export const resendCodeBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({ email: emailSchema });
export const newPasswordBodySchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/),
  password: passwordSchema,
});
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: passwordSchema,
});

export const sessionSchema = z.object({
  id: z.string().uuid(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionsAnswerSchema = z.object({ sessions: z.array(sessionSchema) });

export const msgAnswerSchema = z.object({ msg: z.string() });

// ---- two-factor sign-in (Account → Security) ----

export const twoFactorStatusSchema = z.object({
  twoFactor: z.object({
    enabled: z.boolean(),
    /** Unused recovery codes. */
    recoveryCodesLeft: z.number().int(),
    /** Whether this person must have it (administrators under REQUIRE_2FA_FOR_ADMINS). */
    required: z.boolean(),
  }),
});
export const passwordConfirmBodySchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX),
});
export const twoFactorSetupAnswerSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The URI as a QR code, an SVG document drawn by the server. */
  qrSvg: z.string(),
});
export const twoFactorEnableBodySchema = z.object({ code: z.string().regex(/^\d{6}$/) });
export const recoveryCodesAnswerSchema = z.object({ recoveryCodes: z.array(z.string()) });
