import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_RANKS } from '@bo/contract/notifications';
import type { SearchMatch, SearchResult, SearchType } from '@bo/contract/notifications';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { escapeLike } from '../../lib/sql-like.js';
import { emailVisibleSql, searchTextMatches, type Viewer } from '../../lib/user-view.js';
import type { AuthContext } from '../../plugins/auth.js';

/** The kinds of record people look up by number. */
const NUMBERED = new Set<SearchType>(['order', 'invoice']);

/** Trigram indexes answer a LIKE from three characters on; shorter words only match numbers. */
const MIN_TEXT = 3;

interface Source {
  type: SearchType;
  /** The permission that opens this kind of record; without it the kind is not searched. */
  permission: string;
  /**
   * The statement: rows of { id, title, subtitle, link, matched, rank }, in the kind's own order
   * (its index's), at most `limit` (the pool the ranking picks from), the person's own rule applied.
   */
  query: (ctx: {
    text: string;
    pattern: string;
    /** How well a lower-cased name matches the words: 0 to 3 (SEARCH_RANKS), 4 when not at all. */
    rankOf: (name: SQL) => SQL;
    /** Long enough for the trigram indexes. */
    long: boolean;
    number: number | null;
    limit: number;
    auth: AuthContext;
  }) => SQL | null;
}

/**
 * Each kind's first rows in its own (indexed) order are ranked, and the best `limit` kept: the
 * statements stay the index walks they were, and ranks are exact whenever a kind has no more
 * matches than this. The answer's largest page.
 */
const RANK_POOL = 20;

/** SEARCH_RANKS' last: the words are only in a secondary field. */
const SECONDARY = SEARCH_RANKS.length - 1;

/**
 * The rank of a lower-cased name against the words (`text`, lower case): the whole name, its
 * beginning, a word's beginning, anywhere in it; SECONDARY when it does not hold them.
 */
function ranker(text: string): (name: SQL) => SQL {
  const escaped = escapeLike(text);
  return (name) => sql`CASE WHEN ${name} = ${text} THEN 0
                            WHEN ${name} LIKE ${`${escaped}%`} THEN 1
                            WHEN ${name} LIKE ${`% ${escaped}%`} THEN 2
                            WHEN ${name} LIKE ${`%${escaped}%`} THEN 3
                            ELSE ${SECONDARY}::int END`;
}

const has = (auth: AuthContext, p: string) => auth.permissions.has(p);
const viewerOf = (auth: AuthContext): Viewer => ({
  userId: auth.userId,
  canManage: has(auth, 'users:write'),
});

/**
 * Each kind of record, read through the trigram (or unique) index that the kind's own list uses,
 * with the same rules as its own reads: people's hidden emails are neither shown nor matched,
 * unpublished products are for `products:write`, orders are one's own without `orders:write`,
 * drafts and scheduled posts (published, their time not come) are the author's or an editor's
 * (`blog:manage`), files and mail are the person's own.
 */
const SOURCES: Source[] = [
  {
    type: 'user',
    permission: 'users:read',
    // As the people list: a private profile's email is neither shown nor matched (toUser's rule).
    // Found by the name, or else by the company or the (visible) email, which the subtitle shows.
    query: ({ pattern, rankOf, long, limit, auth }) => {
      if (!long) return null;
      const viewer = viewerOf(auth);
      const visible = emailVisibleSql(viewer);
      return sql`SELECT id::text, title, link, q, rank,
                     CASE WHEN by_name OR NOT (by_company OR by_email) THEN 'title'
                          WHEN by_company THEN 'company' ELSE 'email' END AS matched,
                     CASE WHEN by_name OR NOT (by_company OR by_email) THEN subtitle
                          WHEN by_company THEN company ELSE email END AS subtitle
                FROM (SELECT id, display_name AS title, company, email,
                             CASE WHEN ${visible} THEN email
                                  ELSE coalesce(job_title, '') END AS subtitle,
                             CASE WHEN ${viewer.canManage} THEN '/dashboard/user/' || id || '/edit'
                                  ELSE '/dashboard/user/list?q=' END AS link, display_name AS q,
                             lower(display_name) LIKE ${pattern} AS by_name,
                             coalesce(lower(company) LIKE ${pattern}, false) AS by_company,
                             ${visible} AND lower(email) LIKE ${pattern} AS by_email,
                             ${rankOf(sql`lower(display_name)`)} AS rank
                        FROM users WHERE ${searchTextMatches(pattern, viewer)}
                       ORDER BY display_name LIMIT ${limit}) u`;
    },
  },
  {
    type: 'product',
    permission: 'products:read',
    query: ({ pattern, rankOf, long, limit, auth }) =>
      !long
        ? null
        : sql`SELECT id::text, name AS title, coalesce(sku, '') AS subtitle,
                     '/dashboard/e-commerce/product/' || slug AS link, 'title' AS matched,
                     ${rankOf(sql`lower(name)`)} AS rank
                FROM products WHERE lower(name) LIKE ${pattern}
                 ${has(auth, 'products:write') ? sql`` : sql`AND published`}
               ORDER BY name LIMIT ${limit}`,
  },
  {
    type: 'order',
    permission: 'orders:read',
    // Named by its number, and by its customer: the customer's latest order, found by their
    // name (ranked as a name) or their email.
    query: ({ pattern, rankOf, long, number, limit, auth }) => {
      const own = has(auth, 'orders:write') ? sql`` : sql`AND o.user_id = ${auth.userId}`;
      const byNumber =
        number === null
          ? null
          : sql`SELECT o.id::text, '#' || o.number AS title, o.customer_name AS subtitle,
                       '/dashboard/e-commerce/orders/' || o.id AS link, 'title' AS matched,
                       0 AS rank, o.created_at
                  FROM orders o WHERE o.number = ${number} ${own}`;
      const byCustomer = !long
        ? null
        : sql`SELECT o.id::text, '#' || o.number AS title,
                       CASE WHEN c.by_name THEN o.customer_name ELSE c.email END AS subtitle,
                       '/dashboard/e-commerce/orders/' || o.id AS link,
                       CASE WHEN c.by_name THEN 'customer' ELSE 'email' END AS matched,
                       c.rank, o.created_at
                  FROM (SELECT user_id, email, lower(name) LIKE ${pattern} AS by_name,
                               ${rankOf(sql`lower(name)`)} AS rank
                          FROM order_customers
                         WHERE user_id IS NOT NULL AND lower(name || ' ' || email) LIKE ${pattern}
                         LIMIT ${limit}) c
                  CROSS JOIN LATERAL (SELECT * FROM orders o WHERE o.user_id = c.user_id ${own}
                                       ORDER BY o.created_at DESC LIMIT 1) o`;
      const parts = [byNumber, byCustomer].filter((p): p is SQL => p !== null);
      if (!parts.length) return null;
      return sql`SELECT id, title, subtitle, link, matched, rank
                   FROM (${sql.join(parts, sql` UNION ALL `)}) r
                 ORDER BY rank, created_at DESC LIMIT ${limit}`;
    },
  },
  {
    type: 'invoice',
    permission: 'invoices:read',
    // Named by its number and its customer's name; found too by the customer's email. A draft,
    // which has no number yet, is titled with its customer and says it is a draft.
    query: ({ text, pattern, rankOf, long, limit }) =>
      sql`SELECT id, link, rank,
                 CASE WHEN number IS NULL THEN customer ELSE number END AS title,
                 CASE WHEN rank = ${SECONDARY} AND NOT by_number THEN email
                      WHEN number IS NULL THEN status ELSE customer END AS subtitle,
                 CASE WHEN rank = ${SECONDARY} AND NOT by_number THEN 'email'
                      WHEN number IS NULL OR by_number THEN 'title' ELSE 'customer' END AS matched
            FROM (SELECT id::text, invoice_number AS number, status,
                         '/dashboard/invoice/' || id AS link, created_at,
                         coalesce(to_party->>'name', '') AS customer,
                         coalesce(to_party->>'email', '') AS email,
                         coalesce(invoice_number = ${text.toUpperCase()}, false) AS by_number,
                         CASE WHEN invoice_number = ${text.toUpperCase()} THEN 0
                              ELSE ${rankOf(sql`lower(coalesce(to_party->>'name', ''))`)} END AS rank
                    FROM invoices
                   WHERE invoice_number = ${text.toUpperCase()}
                      ${long ? sql`OR search LIKE ${pattern}` : sql``}) i
           ORDER BY created_at DESC LIMIT ${limit}`,
  },
  {
    type: 'post',
    permission: 'blog:read',
    query: ({ pattern, rankOf, long, limit, auth }) =>
      !long
        ? null
        : sql`SELECT id::text, title,
                     CASE WHEN status = 'published' AND published_at > now() THEN 'scheduled'
                          ELSE status END AS subtitle,
                     '/dashboard/blog/post/' || slug AS link, 'title' AS matched,
                     ${rankOf(sql`lower(title)`)} AS rank
                FROM blog_posts WHERE lower(title) LIKE ${pattern}
                 ${
                   has(auth, 'blog:manage')
                     ? sql``
                     : sql`AND ((status = 'published' AND published_at <= now())
                                OR author_id = ${auth.userId})`
                 }
               ORDER BY coalesce(published_at, created_at) DESC LIMIT ${limit}`,
  },
  {
    type: 'file',
    permission: 'files:read',
    query: ({ pattern, rankOf, long, limit, auth }) =>
      !long
        ? null
        : sql`SELECT id::text, name AS title, category AS subtitle, 'title' AS matched,
                     ${rankOf(sql`lower(name)`)} AS rank,
                     CASE WHEN is_folder THEN '/dashboard/files-manager?folder=' || id
                          ELSE coalesce('/dashboard/files-manager?folder=' || parent_id || '&q=',
                                        '/dashboard/files-manager?q=') END AS link, name AS q
                FROM files
               WHERE owner_id = ${auth.userId} AND scope = 'drive' AND trashed_at IS NULL
                 AND lower(name) LIKE ${pattern}
               ORDER BY updated_at DESC LIMIT ${limit}`,
  },
  {
    type: 'mail',
    permission: 'mail:read',
    // Named by its subject; found too by its sender (name or address) or its text.
    query: ({ pattern, rankOf, long, limit, auth }) =>
      !long
        ? null
        : sql`SELECT id::text, subject AS title,
                     CASE WHEN lower(subject) LIKE ${pattern} OR lower(from_name) LIKE ${pattern}
                            OR lower(from_email) NOT LIKE ${pattern} THEN from_name
                          ELSE from_email END AS subtitle,
                     '/dashboard/mail?mailId=' || id AS link,
                     CASE WHEN lower(subject) LIKE ${pattern} THEN 'title'
                          WHEN lower(from_name || ' ' || from_email) LIKE ${pattern} THEN 'sender'
                          ELSE 'text' END AS matched,
                     ${rankOf(sql`lower(subject)`)} AS rank
                FROM mail_messages
               WHERE owner_id = ${auth.userId} AND search_text LIKE ${pattern}
                 AND folder <> 'trash'
               ORDER BY created_at DESC LIMIT ${limit}`,
  },
];

/**
 * Records matching `q`, grouped by kind, only kinds the person may open and only records their
 * own rules let them see. Each kind is one indexed statement; they run side by side.
 */
export async function searchRecords(
  db: Executor,
  auth: AuthContext,
  q: string,
  limit: number,
): Promise<SearchResult[]> {
  const text = q.trim().toLowerCase();
  const digits = text.replace(/^#/, '');
  const number = /^\d{1,15}$/.test(digits) ? Number(digits) : null;
  const pattern = `%${escapeLike(text)}%`;
  const rankOf = ranker(text);
  // A number (`#60110`, `60110`) is an order's or an invoice's: names are not searched for it.
  const kinds = SOURCES.filter(
    (s) => auth.permissions.has(s.permission) && (number === null || NUMBERED.has(s.type)),
  );
  const parts = kinds.flatMap((s, kind) => {
    const query = s.query({
      text,
      pattern,
      rankOf,
      long: text.length >= MIN_TEXT,
      number,
      limit: Math.max(limit, RANK_POOL),
      auth,
    });
    // The pool's best `limit`, ties in the kind's own order (`pos`).
    return query
      ? [
          sql`(SELECT ${kind}::int AS kind, r.rank, r.pos, to_jsonb(r) AS r
                 FROM (SELECT q.*, row_number() OVER () AS pos FROM (${query}) q) r
                ORDER BY r.rank, r.pos LIMIT ${limit})`,
        ]
      : [];
  });
  if (!parts.length) return [];
  // One statement for every kind: on the embedded store each statement's planning costs about
  // what running it does, and on PostgreSQL one connection serves the whole search. The kinds
  // come in the order of their best result (then in SOURCES' order), each kind's best first.
  const found = await rows<{
    kind: number;
    rank: number;
    r: {
      id: string;
      title: string | null;
      subtitle: string | null;
      link: string;
      matched: SearchMatch;
      /** A search to open the record's list with, when the link ends in `q=`. */
      q?: string | null;
    };
  }>(
    db,
    sql`SELECT kind, rank, r FROM (${sql.join(parts, sql` UNION ALL `)}) x
         ORDER BY min(rank) OVER (PARTITION BY kind), kind, rank, pos`,
  );
  return found.map(({ kind, rank, r: raw }) => {
    const r = typeof raw === 'string' ? (JSON.parse(raw) as typeof raw) : raw;
    return {
      type: kinds[kind]!.type,
      id: String(r.id),
      title: r.title || '—',
      subtitle: r.subtitle ?? '',
      link: r.link.endsWith('q=') ? r.link + encodeURIComponent(r.q ?? '') : r.link,
      matched: r.matched,
      rank: Number(rank),
    };
  });
}
