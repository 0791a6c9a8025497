import { errorBodySchema } from '@bo/contract/errors';

/** Error answers a route documents, e.g. `...errorResponses(400, 401, 409)`. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));
}
