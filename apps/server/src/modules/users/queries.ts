import {
  USER_LIST_MAX_OFFSET,
  USER_SEARCH_COUNT_CAP,
  type UserSort,
  type UserStatusCounts,
} from '@bo/contract/users';
import { USER_STATUSES } from '@bo/contract/account';
import type { Database } from '../../db/client.js';
import type { users } from '../../db/schema/core.js';
import { fieldError } from '../../lib/http-error.js';
import { escapeLike } from '../../lib/sql-like.js';
import type { Viewer } from '../../lib/user-view.js';

/** A users row as raw SQL returns it (snake_case), mapped to the view by fromSqlRow. */
export interface UserSqlRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  slug: string;
  avatar_url: string | null;
  cover_url: string | null;
  phone: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  address: string | null;
  zip_code: string | null;
  company: string | null;
  job_title: string | null;
  about: string | null;
  role: string;
  status: string;
  email_verified: boolean;
  is_public: boolean;
  social: Record<string, string> | null;
  notification_prefs: Record<string, boolean> | null;
  followers: number;
  following: number;
  posts: number;
  pending_email: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

type UserRow = typeof users.$inferSelect;

/** Raw SQL rows (snake_case) to the Drizzle row shape, so one view function serves both. */
export function fromSqlRow(r: UserSqlRow): UserRow {
  return {
    id: r.id,
    email: r.email,
    passwordHash: null,
    totpSecret: null,
    totpEnabledAt: null,
    totpLastStep: null,
    locale: null,
    searchText: null,
    firstName: r.first_name,
    lastName: r.last_name,
    displayName: r.display_name,
    slug: r.slug,
    avatarUrl: r.avatar_url,
    coverUrl: r.cover_url,
    phone: r.phone,
    country: r.country,
    state: r.state,
    city: r.city,
    address: r.address,
    zipCode: r.zip_code,
    company: r.company,
    jobTitle: r.job_title,
    about: r.about,
    role: r.role,
    status: r.status,
    emailVerified: r.email_verified,
    isPublic: r.is_public,
    social: r.social ?? {},
    notificationPrefs: r.notification_prefs ?? {},
    followers: r.followers,
    following: r.following,
    posts: r.posts,
    pendingEmail: r.pending_email,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
    updatedAt: r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at),
  };
}

/**
 * Each sort is backed by a btree index `(column, id)` (`users_*_sort`), so a page is an ordered
 * index range; email is unique on its own index, so it needs no tie-breaker.
 */
const SORT_COLUMNS: Record<UserSort, string[]> = {
  name: ['display_name', 'id'],
  email: ['email'],
  company: ['company', 'id'],
  role: ['role', 'id'],
  status: ['status', 'id'],
  verified: ['email_verified', 'id'],
  createdAt: ['created_at', 'id'],
};

/**
 * What a search matches: the stored column `search_text` (name, email and company, lower case),
 * which the trigram index `users_search_trgm` answers `LIKE '%…%'` from, and which the newest-first
 * indexes carry.
 */
export const SEARCH_EXPRESSION = 'search_text';

export interface ListUsersParams {
  page: number;
  limit: number;
  sort: UserSort;
  order: 'asc' | 'desc';
  q?: string;
  role?: string;
  status?: (typeof USER_STATUSES)[number];
  /** Keyset paging: the last person of the page before (or the first of the page after). */
  after?: string;
  before?: string;
  /** Who asks: a search matches only the emails toUser shows them. */
  viewer: Viewer;
}

/** The SQL type of each sort column, to compare a cursor's values (read as text) in SQL. */
const COLUMN_TYPES: Record<string, string> = {
  display_name: 'text',
  email: 'text',
  company: 'text',
  role: 'text',
  status: 'text',
  email_verified: 'boolean',
  created_at: 'timestamptz',
  id: 'uuid',
};

/**
 * 400 on `page` when a numbered page would skip more than `maxSkip` rows (USER_LIST_MAX_OFFSET
 * from either end of the list; in a search, fewer than USER_SEARCH_COUNT_CAP from its start).
 */
function tooDeep(limit: number, maxSkip = USER_LIST_MAX_OFFSET): never {
  const maxPage = Math.floor(maxSkip / limit) + 1;
  throw fieldError(
    'page',
    'too_big',
    `Pages by number reach ${maxPage} pages ${maxSkip === USER_LIST_MAX_OFFSET ? 'from either end of the list' : 'into a search'} at ${limit} a page; continue with after (the last person shown) or before`,
    400,
    { maximum: maxPage },
  );
}

interface Keyset {
  /** A condition on the sort columns (bare names, also valid on a materialised subset). */
  where: string;
  /** True when the page is read backwards (from `before`) and must be reversed. */
  backwards: boolean;
}

/**
 * Where a keyset page starts: the sort values of the person named by `after` / `before`, read as
 * text (so timestamps keep their microseconds) and compared as one row, which a btree `(column,
 * id)` answers as a range. `company` may be null (nulls sort last ascending, first descending),
 * which a row comparison cannot express, so it gets explicit branches.
 */
async function keysetOf(
  database: Database,
  params: ListUsersParams,
  args: unknown[],
): Promise<Keyset | undefined> {
  if (params.after && params.before)
    throw fieldError('before', 'invalid_value', 'Give either after or before, not both');
  const field = params.after ? 'after' : params.before ? 'before' : undefined;
  if (!field) return undefined;
  const columns = SORT_COLUMNS[params.sort];
  const [row] = await database.query<Record<string, string | null>>(
    `SELECT ${columns.map((c) => `${c}::text AS ${c}`).join(', ')} FROM users WHERE id = $1`,
    [params[field]],
  );
  if (!row)
    throw fieldError(field, 'not_found', 'This person is not in the list: start again from page 1');
  const backwards = field === 'before';
  const ascending = (params.order === 'asc') !== backwards;
  const op = ascending ? '>' : '<';
  const bind = (c: string) => {
    args.push(row[c]);
    return `$${args.length}::${COLUMN_TYPES[c]}`;
  };
  const [first] = columns;
  if (first === 'company') {
    if (row.company === null) {
      const id = bind('id');
      // Ascending, nulls come last: only nulls after this one. Descending, nulls come first.
      return {
        where: ascending
          ? `(company IS NULL AND id > ${id})`
          : `(company IS NOT NULL OR id < ${id})`,
        backwards,
      };
    }
    const rowCompare = `(company, id) ${op} (${bind('company')}, ${bind('id')})`;
    return { where: ascending ? `(${rowCompare} OR company IS NULL)` : rowCompare, backwards };
  }
  return {
    where: `(${columns.join(', ')}) ${op} (${columns.map(bind).join(', ')})`,
    backwards,
  };
}

/** Words of a search, each matched anywhere in the expression (all must match). */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
}

/**
 * What a search's word is matched against besides the search text, for a viewer who does not see
 * every email: a private profile (not their own) matches by name and company only, as toUser
 * hides its email (a word has no blank, so it lies within the name, the email or the company).
 */
const VISIBLE_TEXT = `lower(display_name || ' ' || coalesce(company, ''))`;
/** The columns that check reads, besides the search text. */
const VISIBLE_COLUMNS = ['is_public', 'display_name', 'company'];

function filters(
  params: Pick<ListUsersParams, 'q' | 'role' | 'viewer'>,
  args: unknown[],
): string[] {
  const where: string[] = [];
  let me: string | undefined;
  const visible = (patterns: string[]): string => {
    const on = (column: string) => patterns.map((p) => `${column} LIKE ${p}`).join(' OR ');
    if (params.viewer.canManage) return `(${on(SEARCH_EXPRESSION)})`;
    if (!me) {
      args.push(params.viewer.userId);
      me = `$${args.length}::uuid`;
    }
    return `((${on(SEARCH_EXPRESSION)}) AND (is_public OR id = ${me} OR ${on(VISIBLE_TEXT)}))`;
  };
  for (const term of searchTerms(params.q)) {
    if (term.length >= 3) {
      args.push(`%${escapeLike(term)}%`);
      where.push(visible([`$${args.length}`]));
    } else {
      // One or two letters give no trigram to look up, so "anywhere" would read every row; they
      // match the start of a word instead (name, email, company), which the index can answer.
      args.push(`${escapeLike(term)}%`, `% ${escapeLike(term)}%`);
      where.push(visible([`$${args.length - 1}`, `$${args.length}`]));
    }
  }
  if (params.role) {
    args.push(params.role);
    where.push(`role = $${args.length}`);
  }
  return where;
}

const emptyCounts = (): UserStatusCounts => ({
  all: 0,
  active: 0,
  pending: 0,
  banned: 0,
  rejected: 0,
});

/**
 * Counts per status for the tabs of the list without a search, from `user_counts` (a handful of
 * rows kept by triggers). A search counts its own matches, up to its cap (`searchUsers`).
 */
async function statusCounts(
  database: Database,
  params: Pick<ListUsersParams, 'role'>,
): Promise<UserStatusCounts> {
  const args: unknown[] = [];
  const where = params.role ? (args.push(params.role), 'WHERE role = $1') : '';
  const rows = await database.query<{ status: string; n: number | string }>(
    `SELECT status, sum(n)::int AS n FROM user_counts ${where} GROUP BY status`,
    args,
  );
  const counts = emptyCounts();
  for (const r of rows) {
    const n = Number(r.n);
    counts.all += n;
    if ((USER_STATUSES as readonly string[]).includes(r.status))
      counts[r.status as keyof UserStatusCounts] += n;
  }
  return counts;
}

export interface UserListAnswer {
  rows: UserSqlRow[];
  total: number;
  counts: UserStatusCounts;
  /** A search past USER_SEARCH_COUNT_CAP matches: total and counts are at-least figures. */
  totalCapped: boolean;
}

/**
 * One page of people. The total is known before reading (from the counts), which allows two
 * things that keep deep pages cheap:
 * - past the middle, the page is read from the other end of the index in reverse order, so no
 *   query skips more than half the matches;
 * - the skipping happens on ids alone (an index-only scan of the sort index), and only the page's
 *   rows are then fetched from the table.
 */
export async function listUsers(
  database: Database,
  params: ListUsersParams,
): Promise<UserListAnswer> {
  if (searchTerms(params.q).length > 0) return searchUsers(database, params);
  const keysetArgs: unknown[] = [];
  const [counts, keyset] = await Promise.all([
    statusCounts(database, params),
    keysetOf(database, params, keysetArgs),
  ]);
  const total = params.status ? counts[params.status] : counts.all;
  const args: unknown[] = [...keysetArgs];
  const where = filters(params, args);
  if (params.status) {
    args.push(params.status);
    where.push(`status = $${args.length}`);
  }
  const columns = SORT_COLUMNS[params.sort];
  if (keyset) {
    // After (or before) a known person: one index range of one page, at any depth.
    const dir = (params.order === 'asc') !== keyset.backwards ? 'ASC' : 'DESC';
    args.push(params.limit);
    const rows = await database.query<UserSqlRow>(
      `SELECT * FROM users WHERE ${[keyset.where, ...where].join(' AND ')}
       ORDER BY ${columns.map((c) => `${c} ${dir}`).join(', ')} LIMIT $${args.length}`,
      args,
    );
    if (keyset.backwards) rows.reverse();
    return { rows, total, counts, totalCapped: false };
  }
  const offset = (params.page - 1) * params.limit;
  if (offset >= total) return { rows: [], total, counts, totalCapped: false };
  const tail = offset + params.limit > total ? total - offset : params.limit;
  const reverse = offset > total / 2;
  const dir = (params.order === 'asc') !== reverse ? 'ASC' : 'DESC';
  const orderBy = (alias: string) => columns.map((c) => `${alias}${c} ${dir}`).join(', ');
  const skip = reverse ? total - offset - tail : offset;
  if (skip > USER_LIST_MAX_OFFSET) tooDeep(params.limit);
  args.push(tail, skip);
  const sql = `
    SELECT u.* FROM (
      SELECT id, ${columns.filter((c) => c !== 'id').join(', ')} FROM users
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${orderBy('')}
      LIMIT $${args.length - 1} OFFSET $${args.length}
    ) page JOIN users u ON u.id = page.id
    ORDER BY ${orderBy('page.')}`;
  const rows = await database.query<UserSqlRow>(sql, args);
  if (reverse) rows.reverse();
  return { rows, total, counts, totalCapped: false };
}

const tally = (rows: Record<string, number | string> | null): UserStatusCounts => {
  const counts = emptyCounts();
  for (const [status, n] of Object.entries(rows ?? {})) {
    counts.all += Number(n);
    if ((USER_STATUSES as readonly string[]).includes(status))
      counts[status as keyof UserStatusCounts] += Number(n);
  }
  return counts;
};

/**
 * A search. Its rows read are bounded whatever the word (not its trigram bitmap, which holds every
 * match): the heap scan stops at USER_SEARCH_COUNT_CAP + 1 matches, materialised once for both the
 * tab counts and the page.
 * Planning a trigram `LIKE` costs more than running it on PGlite, so that is one statement.
 * - Up to the cap, the counts are exact and the page is a plain sort of the matches.
 * - Past it (a common word among many people) the counts are what those matches hold, the answer
 *   says `totalCapped`, and the page is read along the sort's index (`cappedPage`).
 * - A word many people have is known to be past the cap from the word counts (`wordCounts`),
 *   without collecting its matches: at a million people, a surname's trigram bitmap alone costs
 *   more than a whole search among 10,000.
 */
async function searchUsers(database: Database, params: ListUsersParams): Promise<UserListAnswer> {
  const args: unknown[] = [];
  const keyset = await keysetOf(database, params, args);
  const offset = keyset ? 0 : (params.page - 1) * params.limit;
  if (offset >= USER_SEARCH_COUNT_CAP) tooDeep(params.limit, USER_SEARCH_COUNT_CAP - 1);
  const keysetArgs = [...args];
  const known = await wordCounts(database, params);
  if (known) return cappedPage(database, params, keyset, keysetArgs, known, offset);
  const where = filters(params, args);
  const columns = SORT_COLUMNS[params.sort];
  const dir = (params.order === 'asc') !== !!keyset?.backwards ? 'ASC' : 'DESC';
  const orderBy = columns.map((c) => `${c} ${dir}`).join(', ');
  const pageFilter: string[] = keyset ? [keyset.where] : [];
  if (params.status) {
    args.push(params.status);
    pageFilter.push(`status = $${args.length}`);
  }
  const statusFilter = pageFilter.length ? `WHERE ${pageFilter.join(' AND ')}` : '';
  args.push(USER_SEARCH_COUNT_CAP + 1, params.limit, offset);
  const n = args.length;
  const [answer] = await database.query<{
    counts: Record<string, number> | null;
    ids: string[] | null;
  }>(
    `WITH m AS MATERIALIZED (
       SELECT id, status, ${columns.filter((c) => c !== 'id' && c !== 'status').join(', ') || 'id AS _id'}
         FROM users WHERE ${where.join(' AND ')} LIMIT $${n - 2}
     )
     SELECT (SELECT json_object_agg(status, n) FROM (SELECT status, count(*) AS n FROM m GROUP BY status) c) AS counts,
            (SELECT json_agg(p.id ORDER BY p.ord) FROM (
               SELECT id, row_number() OVER (ORDER BY ${orderBy}) AS ord FROM m ${statusFilter}
               ORDER BY ${orderBy} LIMIT $${n - 1} OFFSET $${n}
             ) p) AS ids`,
    args,
  );
  const counts = tally(answer?.counts ?? null);
  const capped = counts.all > USER_SEARCH_COUNT_CAP;
  if (capped) return cappedPage(database, params, keyset, keysetArgs, counts, offset);
  const total = params.status ? counts[params.status] : counts.all;
  const ids = answer?.ids ?? [];
  if (keyset?.backwards) ids.reverse();
  return { rows: await rowsOf(database, ids), total, counts, totalCapped: capped };
}

/** The people named by `ids`, in that order. */
async function rowsOf(database: Database, ids: string[]): Promise<UserSqlRow[]> {
  if (ids.length === 0) return [];
  const found = await database.query<UserSqlRow>('SELECT * FROM users WHERE id = ANY($1::uuid[])', [
    ids,
  ]);
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is UserSqlRow => !!r);
}

/** How many word rows a search reads at most to learn it is past the cap. */
const WORD_ROWS_READ = 2_000;

/**
 * Counts that prove a one-word search (three letters or more, no role chosen) is past the cap,
 * from `user_search_words`; undefined when they do not. Every person counted under a word that
 * begins with the search matches it (the word is a piece of their search text), and is counted
 * once under that word: so, for each status, the largest count among those words is an at-least
 * figure, like the ones the matches themselves give. Where no word reaches the cap (a rarer word,
 * letters inside a word, several words), the matches are counted instead.
 */
async function wordCounts(
  database: Database,
  params: ListUsersParams,
): Promise<UserStatusCounts | undefined> {
  const terms = searchTerms(params.q);
  if (terms.length !== 1 || terms[0]!.length < 3 || params.role) return undefined;
  const rows = await database.query<{ word: string; status: string; n: number }>(
    `SELECT word, status, n FROM user_search_words WHERE word LIKE $1 AND n > 0 LIMIT $2`,
    [`${escapeLike(terms[0]!)}%`, WORD_ROWS_READ],
  );
  const perWord = new Map<string, number>();
  const counts = emptyCounts();
  for (const r of rows) {
    perWord.set(r.word, (perWord.get(r.word) ?? 0) + r.n);
    if ((USER_STATUSES as readonly string[]).includes(r.status)) {
      const status = r.status as keyof UserStatusCounts;
      counts[status] = Math.max(counts[status], r.n);
    }
  }
  counts.all = Math.max(0, ...perWord.values());
  return counts.all > USER_SEARCH_COUNT_CAP ? counts : undefined;
}

/** How far the page of a capped search walks along the sort's index before sorting the matches. */
const CAPPED_WALK_MIN = 5_000;
const CAPPED_WALK_PER_ROW = 100;

/**
 * The answer of a search past the cap: the at-least counts (clipped to the cap), and the page read
 * from the whole table — those matches are a sample, not the list — along the sort's index,
 * keeping the people who match: a common word is dense there (a surname: a page after ~1,500
 * people, at any table size). The newest-first indexes (the list's default order) carry the
 * search text, so there the walk reads the index alone. The walk is bounded; where it finds too
 * few (the word is rare where the list starts), the matches are sorted instead.
 */
async function cappedPage(
  database: Database,
  params: ListUsersParams,
  keyset: Keyset | undefined,
  keysetArgs: unknown[],
  counts: UserStatusCounts,
  offset: number,
): Promise<UserListAnswer> {
  for (const k of Object.keys(counts) as Array<keyof UserStatusCounts>)
    counts[k] = Math.min(counts[k], USER_SEARCH_COUNT_CAP);
  const total = params.status ? counts[params.status] : counts.all;
  const columns = SORT_COLUMNS[params.sort];
  const dir = (params.order === 'asc') !== !!keyset?.backwards ? 'ASC' : 'DESC';
  const orderBy = columns.map((c) => `${c} ${dir}`).join(', ');
  const pageArgs = [...keysetArgs];
  // Where the list starts (the keyset, the tab): an index range. Then the search's words.
  const range = keyset ? [keyset.where] : [];
  if (params.status) {
    pageArgs.push(params.status);
    range.push(`status = $${pageArgs.length}`);
  }
  const matching = filters(params, pageArgs);
  // Only what the walk checks and sorts by: on the newest-first indexes, all of it is there.
  const read = [
    ...new Set([
      'id',
      ...columns,
      SEARCH_EXPRESSION,
      ...(params.role ? ['role'] : []),
      // A viewer who does not see every email also checks whose match is visible to them.
      ...(params.viewer.canManage ? [] : VISIBLE_COLUMNS),
    ]),
  ];
  // The walk along the index reads at most this many people: a word spread evenly among them
  // (most names) fills a page long before; one that is rare where the list starts (a surname
  // only older accounts have, in the newest-first list) would read the table.
  const walk = Math.max(CAPPED_WALK_MIN, (offset + params.limit) * CAPPED_WALK_PER_ROW);
  pageArgs.push(params.limit, offset, walk);
  const n = pageArgs.length;
  let ids = (
    await database.query<{ id: string }>(
      `SELECT id FROM (
         SELECT ${read.join(', ')} FROM users ${range.length ? `WHERE ${range.join(' AND ')}` : ''}
          ORDER BY ${orderBy} LIMIT $${n}
       ) walked WHERE ${matching.join(' AND ')}
       ORDER BY ${orderBy} LIMIT $${n - 2} OFFSET $${n - 1}`,
      pageArgs,
    )
  ).map((r) => r.id);
  if (ids.length < params.limit) {
    // The walk did not fill the page: the matches are sparse there (or the list ends). Sort them
    // all instead — they are many (past the cap), so this grows with them, but stays exact.
    ids = (
      await database.query<{ id: string }>(
        `WITH m AS MATERIALIZED (
           SELECT ${read.join(', ')} FROM users WHERE ${[...range, ...matching].join(' AND ')}
         )
         SELECT id FROM m ORDER BY ${orderBy} LIMIT $${n - 2} OFFSET $${n - 1}`,
        pageArgs.slice(0, n - 1),
      )
    ).map((r) => r.id);
  }
  if (keyset?.backwards) ids.reverse();
  return { rows: await rowsOf(database, ids), total, counts, totalCapped: true };
}

/** Admin-capable roles are the ones granting `admin:area` (roles are data, not a name). */
export const ADMIN_ROLES_SQL = `SELECT name FROM roles WHERE 'admin:area' = ANY(permissions)`;

/**
 * Every person of the list's filter (search, role, status) in its sort, for an export: `max + 1`
 * rows at most, so the caller knows when the filter holds more than an export may.
 */
export async function exportUserRows(
  database: Database,
  params: Pick<ListUsersParams, 'sort' | 'order' | 'q' | 'role' | 'status' | 'viewer'>,
  max: number,
): Promise<UserSqlRow[]> {
  const args: unknown[] = [];
  const where = filters(params, args);
  if (params.status) {
    args.push(params.status);
    where.push(`status = $${args.length}`);
  }
  const dir = params.order === 'asc' ? 'ASC' : 'DESC';
  const columns = SORT_COLUMNS[params.sort];
  args.push(max + 1);
  return database.query<UserSqlRow>(
    `SELECT * FROM users ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY ${[...columns, ...(columns.includes('id') ? [] : ['id'])].map((c) => `${c} ${dir}`).join(', ')}
     LIMIT $${args.length}`,
    args,
  );
}
