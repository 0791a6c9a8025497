import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PERIODS, periodRange } from '@bo/contract/dashboards';
import { call, createTestApp, login, type TestApp } from '../../test/helpers.js';
import { seedDatabase } from '../seed/index.js';
import type { ReadCacheRule } from './read-cache.js';

/**
 * Every cached GET route declares the tables its answer depends on (`config.cache.tables`): a
 * write to a table missing from the list leaves the kept answer stale. This calls each cached route
 * on the demo data, records the statements its handler sends, and finds the tables they read:
 * PostgreSQL's plan names every relation a statement scans (views expanded), and a function the
 * statement calls is taken to read every table its body names.
 */

/** Tables a route reads that its declared tables need not name, and why. */
const NOT_DEPENDENCIES: Array<{ routes: RegExp; tables: RegExp; why: string }> = [
  {
    routes: /^\/api\/mail\//,
    tables: /^(mail_\w+|files)$/,
    why:
      'A mailbox is versioned apart: `vary` carries the person’s mailbox version, moved by every ' +
      'write to their mail on every instance (mail/routes.ts); attached files change only with ' +
      'their message.',
  },
  {
    routes: /^\/api\/chat\//,
    tables: /^(chat_\w+|files)$/,
    why:
      'Conversations are versioned apart: `vary` carries the person’s chat version, moved by ' +
      'every chat write (chat/routes.ts); attached files change only with their message.',
  },
  {
    routes: /^\/api\/chat\//,
    tables: /^(presence|sessions)$/,
    why: 'Presence is in `vary`: its version, and the minute for “last seen” (sessions).',
  },
  {
    routes: /^\/api\/dashboards\/ecommerce$/,
    tables: /^product_sales_window_start$/,
    why:
      'It only chooses between two reads of the same figures, the kept window or ' +
      'product_sales_daily summed (dashboard_ecommerce); it has no change trigger.',
  },
  {
    routes: /^\/api\/dashboards\/ecommerce$/,
    tables: /^gender_sales_daily$/,
    why:
      'Kept by the triggers on orders and order_items in the writing transaction (0031), and ' +
      'order lines are written only with their order: orders, declared, changes with it. It ' +
      'has no change trigger of its own.',
  },
  {
    routes: /^\/api\/invoices\//,
    tables: /^orders$/,
    why:
      'An invoice shows the number of the order it was made from: numbers never change once ' +
      'given, and the link itself is a column of invoices (declared), set to null by the ' +
      'foreign key if the order goes.',
  },
];

/** Always a dependency of every cached answer (read-cache.ts). */
const ALWAYS = new Set(['roles']);

interface CachedRoute {
  url: string;
  tables: readonly string[];
}

interface Statement {
  text: string;
  params: readonly unknown[];
}

const routes: CachedRoute[] = [];
let recording: Statement[] | null = null;

/**
 * Sees the app as Fastify creates it, before any plugin: every cached GET route as it is added,
 * and each request from its first preHandler on (after the sign-in, whose reads are checked on
 * every request, hit or not, and are not part of the answer).
 */
function watch(message: unknown) {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    const rule = (route.config as { cache?: ReadCacheRule } | undefined)?.cache;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (rule && methods.includes('GET')) routes.push({ url: route.url, tables: rule.tables });
  });
  fastify.addHook('preHandler', async () => {
    recording = [];
  });
}

let t: TestApp;
let token: string;
let me: string;

beforeAll(async () => {
  const init = channel('fastify.initialization');
  init.subscribe(watch);
  try {
    // Cache off: every call runs its handler.
    t = await createTestApp({ readCache: 'off' });
  } finally {
    init.unsubscribe(watch);
  }
  // The demo data with fewer of the two slowest kinds to generate: every kind is there.
  await seedDatabase(t.database, 'demo', () => {}, {
    dataDir: t.config.dataDir,
    counts: { mails: 400, pageViews: 2_000 },
  });
  t.database.observe((text, params) => recording?.push({ text, params }));
  const signedIn = await login(t.app);
  token = signedIn.accessToken;
  me = signedIn.user.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Call {
  /** Path parameters the first row of their kind will not do for (see pathOf). */
  params?: Record<string, string>;
  query?: Record<string, string>;
}

/**
 * How a route is called where the first row of a kind will not do (the signed-in person's own
 * file, mail and conversation) or the route needs a query (a search, a slug).
 */
const CALLS: Record<string, () => Promise<Call[]>> = {
  '/api/files/:id': async () => [
    {
      params: {
        id: await first(
          `SELECT id AS v FROM files WHERE owner_id = $1 AND NOT is_folder ORDER BY id LIMIT 1`,
          [me],
        ),
      },
    },
  ],
  '/api/products/product': async () => [
    { query: { name: await first('SELECT slug AS v FROM products ORDER BY id LIMIT 1') } },
  ],
  '/api/products/search': async () => [
    { query: { query: await firstWord('SELECT name AS v FROM products ORDER BY id LIMIT 1') } },
  ],
  '/api/blog/post': async () => [{ query: { title: await first(PUBLISHED_POST('slug')) } }],
  '/api/blog/posts/search': async () => [
    { query: { query: await firstWord(PUBLISHED_POST('title')) } },
  ],
  '/api/mail/mail': async () => [
    {
      query: {
        mailId: await first(
          'SELECT id AS v FROM mail_messages WHERE owner_id = $1 ORDER BY id LIMIT 1',
          [me],
        ),
      },
    },
  ],
  '/api/chat/search': async () => [{ query: { query: await someoneElse() } }],
  '/api/chat/conversation': async () => [{ query: { conversationKey: await myConversation() } }],
  '/api/chat/participants': async () => [{ query: { conversationKey: await myConversation() } }],
  '/api/chat/messages': async () => [
    {
      query: {
        conversationId: await myConversation(),
        // Before the end of time: the newest page.
        before: Buffer.from(`2999-01-01T00:00:00.000Z|${NIL_UUID}`).toString('base64url'),
      },
    },
  ],
  '/api/search': async () => [{ query: { q: await someoneElse() } }],
};

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

async function first(text: string, params: unknown[] = []): Promise<string> {
  const [row] = await t.database.query<{ v: unknown }>(text, params);
  if (row?.v === undefined || row.v === null) throw new Error(`no row for: ${text}`);
  return String(row.v);
}
const firstWord = async (text: string) => (await first(text)).split(/\s+/)[0]!;
const PUBLISHED_POST = (column: string) =>
  `SELECT ${column} AS v FROM blog_posts WHERE status = 'published' ORDER BY id LIMIT 1`;
const someoneElse = () =>
  first('SELECT first_name AS v FROM users WHERE id <> $1 ORDER BY id LIMIT 1', [me]);
const myConversation = () =>
  first(
    `SELECT conversation_id AS v FROM chat_participants WHERE user_id = $1 AND left_at IS NULL
      ORDER BY conversation_id LIMIT 1`,
    [me],
  );

/** Each dashboard is called for every quick period: a long one reads monthly rollups too. */
const PERIODS = DASHBOARD_PERIODS.flatMap((p) => (p === 'custom' ? [] : [p]));

/** How a route is called: as CALLS says, else each period for a dashboard, else plainly. */
async function callsOf(url: string): Promise<Call[]> {
  const own = CALLS[url];
  if (own) return own();
  if (url.startsWith('/api/dashboards/')) {
    const today = new Date().toISOString().slice(0, 10);
    return PERIODS.map((period) => ({ query: periodRange(period, today) }));
  }
  return [{}];
}

let tableNames: Set<string> | undefined;
/** The tables (and views) of the schema `public`. */
async function tables(): Promise<Set<string>> {
  tableNames ??= new Set(
    (
      await t.database.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class
          WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p', 'v', 'm')`,
      )
    ).map((r) => r.name),
  );
  return tableNames;
}

/**
 * `/api/<area>/<kind>/:id`: the first row of `<kind>` or `<area>_<kind>` (orders, kanban_cards,
 * bookings…). Other path parameters must be given in CALLS.
 */
async function pathOf(url: string, given: Record<string, string> = {}): Promise<string> {
  const known = await tables();
  let path = url;
  for (const m of url.matchAll(/\/api\/([^/]+)\/(?:([^/:]+)\/)?:(\w+)/g)) {
    const [whole, area, kind, param] = m as unknown as [string, string, string | undefined, string];
    if (given[param]) {
      path = path.replace(whole, whole.replace(`:${param}`, given[param]));
      continue;
    }
    const candidates = kind ? [kind, `${area}_${kind}`] : [area];
    const table = candidates.find((c) => known.has(c));
    if (param !== 'id' || !table) throw new Error(`${url}: say in CALLS which row :${param} is`);
    const id = await first(`SELECT id::text AS v FROM ${table} ORDER BY id LIMIT 1`);
    path = path.replace(whole, whole.replace(`:${param}`, id));
  }
  return path;
}

let bodies: Map<string, string> | undefined;
/** The plpgsql and sql functions of the schema `public` (extensions' aside), by name. */
async function functionBodies(): Promise<Map<string, string>> {
  bodies ??= new Map(
    (
      await t.database.query<{ name: string; src: string }>(
        `SELECT p.proname AS name, p.prosrc AS src FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
          WHERE p.pronamespace = 'public'::regnamespace AND l.lanname IN ('plpgsql', 'sql')
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
                             AND d.objid = p.oid AND d.deptype = 'e')`,
      )
    ).map((r) => [r.name, r.src]),
  );
  return bodies;
}

const EXPLAINABLE =
  /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(select|with|values|table|insert|update|delete)\b/i;

function relationsOf(plan: unknown, into: Set<string>) {
  if (Array.isArray(plan)) for (const p of plan) relationsOf(p, into);
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Relation Name' && typeof value === 'string') into.add(value);
      else relationsOf(value, into);
    }
  }
}

/** The tables one statement reads, each with why: `plan` or `function <name>`. */
async function tablesReadBy(statement: Statement): Promise<Map<string, string>> {
  const read = new Map<string, string>();
  if (!EXPLAINABLE.test(statement.text)) return read;
  const [row] = await t.database
    .query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${statement.text}`, [
      ...statement.params,
    ])
    .catch((err: Error) => {
      throw new Error(`EXPLAIN failed (${err.message}) for: ${statement.text}`);
    });
  const plan = Object.values(row ?? {})[0];
  const scanned = new Set<string>();
  relationsOf(typeof plan === 'string' ? JSON.parse(plan) : plan, scanned);
  for (const table of scanned) read.set(table, 'plan');
  // A function's body is opaque to the plan: every table it names counts, and the functions it calls.
  const fns = await functionBodies();
  const known = await tables();
  const seen = new Set<string>();
  const visit = (text: string) => {
    for (const [name, body] of fns) {
      if (seen.has(name) || !new RegExp(`\\b${name}\\s*\\(`, 'i').test(text)) continue;
      seen.add(name);
      for (const table of known)
        if (!read.has(table) && new RegExp(`\\b${table}\\b`, 'i').test(body))
          read.set(table, `function ${name}`);
      visit(body);
    }
  };
  visit(statement.text);
  return read;
}

describe('read cache: each cached route declares every table it reads', () => {
  it('finds the cached routes', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('declares every table the handler reads', async () => {
    const missing: string[] = [];
    const unread: string[] = [];
    const excused = new Set<(typeof NOT_DEPENDENCIES)[number]>();
    for (const route of routes) {
      for (const { params, query } of await callsOf(route.url)) {
        recording = null;
        const url = await pathOf(route.url, params);
        const res = await call(t.app, token, { method: 'GET', url, query });
        const statements = recording ?? [];
        recording = null;
        // A call that failed or read nothing proves nothing: its rows must be found again.
        if (res.statusCode !== 200 || !statements.length) {
          unread.push(
            `GET ${url} ${JSON.stringify(query ?? {})}: ${res.statusCode}, ${statements.length} statements`,
          );
          continue;
        }
        const declared = new Set([...route.tables, ...ALWAYS]);
        for (const statement of statements) {
          for (const [table, how] of await tablesReadBy(statement)) {
            if (declared.has(table)) continue;
            const why = NOT_DEPENDENCIES.find(
              (n) => n.routes.test(route.url) && n.tables.test(table),
            );
            if (why) {
              excused.add(why);
              continue;
            }
            const problem = `${route.url}: reads ${table} (${how}), not in its cache.tables`;
            if (!missing.includes(problem)) missing.push(problem);
          }
        }
      }
    }
    expect(unread, 'calls that answered nothing to check').toEqual([]);
    expect(missing).toEqual([]);
    const unused = NOT_DEPENDENCIES.filter((n) => !excused.has(n)).map(
      (n) => `${n.routes} ${n.tables}`,
    );
    expect(unused, 'NOT_DEPENDENCIES entries nothing needs any more').toEqual([]);
  });
});
