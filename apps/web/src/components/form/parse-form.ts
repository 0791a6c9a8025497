import type { z } from 'zod';

/**
 * A form's values through its schema with `error` as the message map: the first message per
 * field, or the parsed values. Needs no zod at run time (the schema brings its own).
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  error: NonNullable<Parameters<S['safeParse']>[1]>['error'],
): { errors: Record<string, string>; data?: z.output<S> } {
  const result = schema.safeParse(values, { error });
  if (result.success) return { errors: {}, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { errors };
}
