import { z } from 'zod';

export const USER_STATUSES = ['active', 'pending', 'banned', 'rejected'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

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
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginAnswerSchema = z.object({
  accessToken: z.string(),
  user: accountUserSchema,
  msg: z.string(),
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

export const myAccountAnswerSchema = z.object({
  data: z.object({ user: accountUserSchema }),
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
