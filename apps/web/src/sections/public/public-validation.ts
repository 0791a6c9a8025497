import { contactBodySchema, notifyBodySchema } from '@bo/contract/public';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

import { parseForm } from '../../components/form/parse-form';
import { zodErrorMap } from '../../locales/form-errors';

/**
 * The public forms' checks (the contract's schemas, with zod), loaded after first paint: the
 * contact and coming-soon pages need zod only once someone submits.
 */
const check =
  <S extends z.ZodType>(schema: S) =>
  (values: unknown, t: TFunction) =>
    parseForm(schema, values, zodErrorMap(t));

export const checkContact = check(contactBodySchema);
export const checkNotify = check(notifyBodySchema);
