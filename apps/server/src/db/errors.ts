/**
 * A unique violation from the database: a race past a module's own "is it free?" check. The
 * error comes straight from node-postgres or wrapped by Drizzle (`cause`), the same on PGlite.
 * Without a constraint name from the driver, any unique violation counts.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const c = e.cause ?? e;
  return c.code === '23505' && (c.constraint === constraint || !c.constraint);
}
