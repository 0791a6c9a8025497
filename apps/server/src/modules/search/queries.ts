import { sql, type SQL } from 'drizzle-orm';
import type { SearchResult, SearchType } from '@bo/contract/notifications';
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
  /** The statement: rows of { id, title, subtitle, link }, at most `limit`, the person's own rule applied. */
  query: (ctx: {
    text: string;
    pattern: string;
    /** Long enough for the trigram indexes. */
    long: boolean;
    number: number | null;
    limit: number;
    auth: AuthContext;
  }) => SQL | null;
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
    query: ({ pattern, long, limit, auth }) => {
      if (!long) return null;
      const viewer = viewerOf(auth);
      return sql`SELECT id::text, display_name AS title,
                     CASE WHEN ${emailVisibleSql(viewer)}
                          THEN email ELSE coalesce(job_title, '') END AS subtitle,
                     CASE WHEN ${viewer.canManage} THEN '/dashboard/user/' || id || '/edit'
                          ELSE '/dashboard/user/list?q=' END AS link, display_name AS q
                FROM users WHERE ${searchTextMatches(pattern, viewer)}
               ORDER BY display_name LIMIT ${limit}`;
    },
  },
  {
    type: 'product',
    permission: 'products:read',
    query: ({ pattern, long, limit, auth }) =>
      !long
        ? null
        : sql`SELECT id::text, name AS title, coalesce(sku, '') AS subtitle,
                     '/dashboard/e-commerce/product/' || slug AS link
                FROM products WHERE lower(name) LIKE ${pattern}
                 ${has(auth, 'products:write') ? sql`` : sql`AND published`}
               ORDER BY name LIMIT ${limit}`,
  },
  {
    type: 'order',
    permission: 'orders:read',
    query: ({ pattern, long, number, limit, auth }) => {
      const own = has(auth, 'orders:write') ? sql`` : sql`AND o.user_id = ${auth.userId}`;
      const byNumber =
        number === null
          ? null
          : sql`SELECT o.id::text, '#' || o.number AS title, o.customer_name AS subtitle,
                       '/dashboard/e-commerce/orders/' || o.id AS link, 0 AS rank, o.created_at
                  FROM orders o WHERE o.number = ${number} ${own}`;
      const byCustomer = !long
        ? null
        : sql`SELECT o.id::text, '#' || o.number AS title, o.customer_name AS subtitle,
                       '/dashboard/e-commerce/orders/' || o.id AS link, 1 AS rank, o.created_at
                  FROM (SELECT user_id FROM order_customers
                         WHERE user_id IS NOT NULL AND lower(name || ' ' || email) LIKE ${pattern}
                         LIMIT ${limit}) c
                  CROSS JOIN LATERAL (SELECT * FROM orders o WHERE o.user_id = c.user_id ${own}
                                       ORDER BY o.created_at DESC LIMIT 1) o`;
      const parts = [byNumber, byCustomer].filter((p): p is SQL => p !== null);
      if (!parts.length) return null;
      return sql`SELECT id, title, subtitle, link FROM (${sql.join(parts, sql` UNION ALL `)}) r
                 ORDER BY rank, created_at DESC LIMIT ${limit}`;
    },
  },
  {
    type: 'invoice',
    permission: 'invoices:read',
    query: ({ text, pattern, long, limit }) =>
      sql`SELECT id::text, coalesce(invoice_number, '') AS title, search AS subtitle,
                        '/dashboard/invoice/' || id AS link
                   FROM invoices
                  WHERE invoice_number = ${text.toUpperCase()}
                     ${long ? sql`OR search LIKE ${pattern}` : sql``}
                  ORDER BY created_at DESC LIMIT ${limit}`,
  },
  {
    type: 'post',
    permission: 'blog:read',
    query: ({ pattern, long, limit, auth }) =>
      !long
        ? null
        : sql`SELECT id::text, title,
                     CASE WHEN status = 'published' AND published_at > now() THEN 'scheduled'
                          ELSE status END AS subtitle,
                     '/dashboard/blog/post/' || slug AS link
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
    query: ({ pattern, long, limit, auth }) =>
      !long
        ? null
        : sql`SELECT id::text, name AS title, category AS subtitle,
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
    query: ({ pattern, long, limit, auth }) =>
      !long
        ? null
        : sql`SELECT id::text, subject AS title, from_name AS subtitle,
                     '/dashboard/mail?mailId=' || id AS link
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
  // A number (`#60110`, `60110`) is an order's or an invoice's: names are not searched for it.
  const kinds = SOURCES.filter(
    (s) => auth.permissions.has(s.permission) && (number === null || NUMBERED.has(s.type)),
  );
  const parts = kinds.flatMap((s, kind) => {
    const query = s.query({ text, pattern, long: text.length >= MIN_TEXT, number, limit, auth });
    return query
      ? [
          sql`SELECT ${kind}::int AS kind, row_number() OVER () AS ord, to_jsonb(r) AS r
                FROM (${query}) r`,
        ]
      : [];
  });
  if (!parts.length) return [];
  // One statement for every kind: on the embedded store each statement's planning costs about
  // what running it does, and on PostgreSQL one connection serves the whole search.
  const found = await rows<{
    kind: number;
    r: {
      id: string;
      title: string | null;
      subtitle: string | null;
      link: string;
      /** A search to open the record's list with, when the link ends in `q=`. */
      q?: string | null;
    };
  }>(db, sql`SELECT kind, r FROM (${sql.join(parts, sql` UNION ALL `)}) x ORDER BY kind, ord`);
  return found.map(({ kind, r: raw }) => {
    const r = typeof raw === 'string' ? (JSON.parse(raw) as typeof raw) : raw;
    return {
      type: kinds[kind]!.type,
      id: String(r.id),
      title: r.title || '—',
      subtitle: r.subtitle ?? '',
      link: r.link.endsWith('q=') ? r.link + encodeURIComponent(r.q ?? '') : r.link,
    };
  });
}
