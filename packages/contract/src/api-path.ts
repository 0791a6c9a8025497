// No imports: the web's first-load code reads path tables built with this, and must not pull zod.

/** The `:name` parameters of a Fastify route pattern, in order: `'/a/:id/b/:c'` → `['id', 'c']`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...PathParams<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

type Strings<T extends readonly unknown[]> = T extends readonly [unknown, ...infer Rest]
  ? [string, ...Strings<Rest>]
  : [];

/** One string for each parameter of the pattern, in the pattern's order. */
export type PathValues<P extends string> = Strings<PathParams<P>>;

/**
 * A path with parameters: the client calls it with the values (`ORDERS_API.one(id)`), the server
 * registers its route with `.pattern` (`'/api/orders/:id'`), so both read the one spelling.
 */
export interface ApiPath<P extends string> {
  (...values: PathValues<P>): string;
  readonly pattern: P;
}

export interface ApiPathOptions {
  /**
   * encodeURIComponent each value. Off by default because most values are uuids the server gave;
   * on where a value can be typed by a person (a user's readable slug).
   */
  encode?: boolean;
}

const PARAM = /:[^/]+/g;

/**
 * A parameterised API path from its Fastify pattern. A path without parameters stays a plain
 * string in its table: the string is then both what the client calls and the route's pattern.
 */
export function apiPath<P extends `/api/${string}:${string}`>(
  pattern: P,
  options: ApiPathOptions = {},
): ApiPath<P> {
  const count = pattern.match(PARAM)?.length ?? 0;
  const build = (...values: string[]) => {
    if (values.length < count) {
      throw new Error(`${pattern} takes ${count} values, got ${values.length}`);
    }
    let index = 0;
    return pattern.replace(PARAM, () => {
      const value = values[index++];
      return options.encode ? encodeURIComponent(value) : value;
    });
  };
  return Object.assign(build, { pattern }) as ApiPath<P>;
}

/**
 * The route patterns of path tables: plain strings under `/api/` as they are, parameterised
 * paths by their `.pattern`, nested tables walked. Helpers that only pick an entry (a function
 * without a pattern) add nothing.
 */
export function patternsOf(table: object): string[] {
  return Object.values(table).flatMap((entry: unknown): string[] => {
    if (typeof entry === 'string') return entry.startsWith('/api/') ? [entry] : [];
    if (typeof entry === 'function') {
      const { pattern } = entry as { pattern?: unknown };
      return typeof pattern === 'string' ? [pattern] : [];
    }
    if (entry && typeof entry === 'object') return patternsOf(entry);
    return [];
  });
}
