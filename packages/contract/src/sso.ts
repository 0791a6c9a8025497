import { z } from 'zod';

export { SSO_API, ssoStartPath } from './sso-paths';

/** Why a single sign-on was refused: `/auth/sso/done?error=<reason>` names one of these. */
export const SSO_REFUSALS = [
  'provider_unknown',
  'provider_error',
  'state_invalid',
  'code_invalid',
  'email_missing',
  'email_unverified',
  'not_allowed',
  'suspended',
  'role_missing',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** A provider's short name (`OIDC_PROVIDERS`): lower-case letters, digits, dashes. */
export const ssoProviderNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a provider name (a-z, 0-9, -)');

export const ssoProviderParamsSchema = z.object({ provider: ssoProviderNameSchema });

export const ssoProviderSchema = z.object({
  /** Its short name, in the start and callback paths. */
  name: z.string(),
  /** What the sign-in page shows: "Sign in with <label>". */
  label: z.string(),
});

export const ssoProvidersAnswerSchema = z.object({
  providers: z.array(ssoProviderSchema),
  /** OIDC_ONLY: password sign-in is off for everyone but the break-glass administrator. */
  ssoOnly: z.boolean(),
});
export type SsoProvidersAnswer = z.infer<typeof ssoProvidersAnswerSchema>;

export const ssoStartQuerySchema = z.object({
  /** Where the SPA goes once signed in: a path of this site. */
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])/, 'must be a path of this site')
    .optional(),
});

export const ssoCallbackQuerySchema = z
  .object({
    state: z.string().max(500).optional(),
    code: z.string().max(4000).optional(),
    error: z.string().max(200).optional(),
  })
  .passthrough();

export const ssoExchangeBodySchema = z.object({
  /** The one-time code of `/auth/sso/done#code=…` (valid one minute, once). */
  code: z.string().trim().min(20).max(200),
});

/** One row of the table the administrator edits: a claim value of a provider → a role. */
export const ssoMappingSchema = z.object({
  provider: ssoProviderNameSchema,
  /** A value of the provider's role claim (for example a group name). */
  claimValue: z.string().trim().min(1).max(200),
  role: z.string().trim().min(1).max(60),
});
export type SsoMapping = z.infer<typeof ssoMappingSchema>;

export const ssoMappingsAnswerSchema = z.object({
  /** The configured providers and the claim each one's roles are read from. */
  providers: z.array(ssoProviderSchema.extend({ claim: z.string() })),
  /** In order: the first row matching one of a person's claim values gives their role. */
  mappings: z.array(ssoMappingSchema),
  /** OIDC_DEFAULT_ROLE: the role when no row matches. */
  defaultRole: z.string(),
});
export type SsoMappingsAnswer = z.infer<typeof ssoMappingsAnswerSchema>;

export const ssoMappingsBodySchema = z.object({
  mappings: z.array(ssoMappingSchema).max(500),
});
export type SsoMappingsBody = z.infer<typeof ssoMappingsBodySchema>;
