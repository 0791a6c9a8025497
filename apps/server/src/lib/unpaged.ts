import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_UNPAGED_LIST_MAX } from '../config.js';
import type { ReadCacheRule } from '../plugins/read-cache.js';

/**
 * Lists a client of the template family calls once, without paging, and shows whole (the
 * products, the mail, the blog posts). Such a call — one naming none of the list's paging
 * parameters — answers up to UNPAGED_LIST_MAX rows instead of the default page, with `total`; and
 * every answer of these lists that has more rows after it says where they are in
 * `Link: <…>; rel="next"` (RFC 8288): the same filters, as sent, and the list's own paging
 * parameters. A page following an unpaged answer is an ordinary paged call (at most the list's
 * `limit` maximum), so nothing is accepted that was refused before.
 */

/** How a list pages: by page number (`page`, `limit`) or by keyset cursor (`after`, `limit`). */
export type PagingKind = 'page' | 'cursor';

const PAGING_PARAMS: Record<PagingKind, readonly string[]> = {
  page: ['page', 'limit'],
  cursor: ['after', 'limit'],
};

/** The query as sent, before the route's schema applied its defaults. */
function sentQuery(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1));
}

/** Whether the call names none of the list's paging parameters (defaults do not count). */
export function isUnpaged(request: FastifyRequest, kind: PagingKind): boolean {
  const sent = sentQuery(request);
  return !PAGING_PARAMS[kind].some((name) => sent.has(name));
}

/**
 * A cached list's rule with unpaged calls kept apart: `/api/products` and `/api/products?limit=24`
 * parse to the same query (the default applied) but answer differently.
 */
export function withUnpaged(rule: ReadCacheRule, kind: PagingKind): ReadCacheRule {
  const { vary } = rule;
  return {
    ...rule,
    vary: (request) => `${vary ? vary(request) : ''}|${isUnpaged(request, kind) ? 'unpaged' : ''}`,
  };
}

/** The largest `limit` a list's query schema takes (its paged calls' page size at most). */
export function limitMaxOf(schema: {
  shape: { limit: { unwrap(): { maxValue: number | null } } };
}): number {
  const max = schema.shape.limit.unwrap().maxValue;
  if (max === null || !Number.isFinite(max)) throw new Error('a paged list needs a limit maximum');
  return max;
}

/** What the helper reads of an answer to know whether rows follow it. */
interface ListAnswer {
  total?: number;
  totalCapped?: boolean;
  nextCursor?: string | null;
}

export interface PagedList<A extends ListAnswer> {
  kind: PagingKind;
  /** The list's `limit` maximum (see limitMaxOf). */
  limitMax: number;
  /** The call's page and page size as its schema parsed them (`page` for page lists only). */
  asked: { page?: number; limit: number };
  /** How many rows an answer holds. */
  rows: (answer: A) => number;
  /**
   * The answer: the page asked (`size` null), or the first `size` rows with `total` (unpaged).
   */
  read: (size: number | null) => Promise<A>;
}

/** The biggest page size a page list can continue in after `rows` rows: a divisor of `rows`. */
function pageSizeAfter(rows: number, limitMax: number): number {
  for (let size = Math.min(rows, limitMax); size > 1; size--) if (rows % size === 0) return size;
  return 1;
}

/** The paging parameters of the page after `answer`, or null when it is the last. */
function nextParams<A extends ListAnswer>(
  list: PagedList<A>,
  answer: A,
  size: number | null,
): Record<string, string> | null {
  const rows = list.rows(answer);
  if (list.kind === 'cursor') {
    if (!answer.nextCursor) return null;
    const limit = size === null ? list.asked.limit : Math.min(size, list.limitMax);
    return { after: answer.nextCursor, limit: String(limit) };
  }
  const pageSize = size ?? list.asked.limit;
  const seen = (size === null ? (list.asked.page ?? 1) - 1 : 0) * pageSize + rows;
  const total = answer.total ?? 0;
  // A capped total is an at-least figure: a full page then may have more after it.
  const more = seen < total || (answer.totalCapped === true && rows === pageSize);
  if (!more) return null;
  if (size === null) return { page: String((list.asked.page ?? 1) + 1), limit: String(pageSize) };
  const limit = pageSizeAfter(size, list.limitMax);
  return { page: String(size / limit + 1), limit: String(limit) };
}

/** This call's URL with the paging parameters replaced, its filters kept as sent. */
function linkTo(request: FastifyRequest, kind: PagingKind, next: Record<string, string>): string {
  const parsed = (request.query ?? {}) as Record<string, unknown>;
  const query = new URLSearchParams();
  for (const [name, value] of sentQuery(request)) {
    // Parameters the list does not know are not part of its answer: left out.
    if (!PAGING_PARAMS[kind].includes(name) && name in parsed) query.append(name, value);
  }
  for (const [name, value] of Object.entries(next)) query.set(name, value);
  const path = request.url.split('?')[0]!;
  const base = request.server.services.config.publicUrl?.replace(/\/+$/, '') ?? '';
  return `${base}${path}?${query.toString()}`;
}

/**
 * Answers a list call: the page asked, or — called without paging — up to UNPAGED_LIST_MAX rows
 * with `total`; with `Link: rel="next"` when rows follow.
 */
export async function answerList<A extends ListAnswer>(
  request: FastifyRequest,
  reply: FastifyReply,
  list: PagedList<A>,
): Promise<A> {
  const size = isUnpaged(request, list.kind)
    ? (request.server.services.config.unpagedListMax ?? DEFAULT_UNPAGED_LIST_MAX)
    : null;
  const answer = await list.read(size);
  const next = nextParams(list, answer, size);
  if (next) reply.header('link', `<${linkTo(request, list.kind, next)}>; rel="next"`);
  return answer;
}
