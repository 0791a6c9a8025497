import {
  newPasswordBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  verifyBodySchema,
} from '@bo/contract/account';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type * as zc from 'zod/v4/core';

import { parseForm as parseWith } from '../../components/form/parse-form';
import { zodErrorMap } from '../../locales/form-errors';
import { passwordIsEmail } from './password-policy';

/**
 * The account forms' checks: the contract's schemas with zod, loaded after first paint
 * (`light-form.ts`), never with the page.
 */

type ErrorMap = ReturnType<typeof zodErrorMap>;
type Issue = Parameters<ErrorMap>[0];

/**
 * The shared zod error map, plus our own refinements: a `custom` issue carries `params.code`
 * (e.g. `password_is_email`) and is translated with the same key the server's code uses.
 */
export function authErrorMap(t: TFunction): ErrorMap {
  const base = zodErrorMap(t);
  return (issue: Issue) => {
    // The only pattern in these forms is the 6-digit code's.
    if (issue.code === 'invalid_format' && issue.format === 'regex') {
      return t('errors.field.code_incomplete');
    }
    if (issue.code === 'custom') {
      const code = (issue as zc.$ZodRawIssue<zc.$ZodIssueCustom>).params?.code;
      if (typeof code === 'string') return t(`errors.field.${code}`);
    }
    return base(issue);
  };
}

/** The contract's body, plus the terms box and the "not your email" half of the policy. */
export const registerFormSchema = registerBodySchema
  .extend({
    terms: z.boolean().refine((v) => v, { params: { code: 'terms_required' } }),
  })
  .superRefine((values, ctx) => {
    if (passwordIsEmail(values.password, values.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], params: { code: 'password_is_email' } });
    }
  });

/** The contract's body, plus the confirmation and the "not your email" half of the policy. */
export const newPasswordFormSchema = newPasswordBodySchema
  .extend({ confirm: z.string() })
  .superRefine((values, ctx) => {
    if (passwordIsEmail(values.password, values.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], params: { code: 'password_is_email' } });
    }
    if (values.password !== values.confirm) {
      ctx.addIssue({ code: 'custom', path: ['confirm'], params: { code: 'password_mismatch' } });
    }
  });

export { resetPasswordBodySchema, verifyBodySchema };

/** A form's values through its schema, with the account pages' messages. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  t: TFunction,
): { errors: Record<string, string>; data?: z.output<S> } {
  return parseWith(schema, values, authErrorMap(t));
}
