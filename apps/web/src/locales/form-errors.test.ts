import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { zodErrorMap } from './form-errors';
import en from './en/errors.json';

describe('form error texts', () => {
  it('say what is wrong in the words of the field’s kind', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
    const error = zodErrorMap(i18n.t);
    const first = (schema: z.ZodType, value: unknown) =>
      schema.safeParse(value, { error }).error?.issues[0]?.message;
    expect(first(z.string().min(1), '')).toBe('This field is required');
    expect(first(z.string().min(3), 'ab')).toBe('Must be at least 3 characters');
    expect(first(z.array(z.string()).min(1), [])).toBe('This field is required');
    expect(first(z.array(z.string()).min(2), ['a'])).toBe('Choose at least 2');
    expect(first(z.number().min(5), 2)).toBe('Must be at least 5');
  });
});
