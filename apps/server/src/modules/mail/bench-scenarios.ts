/**
 * What `npm run bench` measures for mail, in the signed-in administrator's mailbox (the seed
 * gives them the big one: 100,000 messages at the large scale): the inbox's first page, a page half
 * a year back, a word search and an operator search, a conversation opened, and the counts.
 */
import { MAIL_API, MAIL_PAGE } from '@bo/contract/mail';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export interface MailBenchContext {
  /** Messages of the inbox's first pages, opened in turn. */
  ids: string[];
  /** A cursor half a year back in the mailbox (a deep page, by keyset). */
  deep: string;
}

const WORDS = ['supplier', 'figures', 'holidays', 'contract', 'customer', 'meeting'];
const OPERATORS = [
  'from:northwind has:attachment',
  'is:unread planning',
  'from:billing invoice',
  'has:attachment after:2026-01-01',
];

export async function prepareMailBench(fetchJson: JsonFetch): Promise<MailBenchContext> {
  const res = await fetchJson('GET', '/api/mail/mails?systemLabel=all&limit=100');
  const mails =
    isObject(res.body) && Array.isArray(res.body.mails)
      ? (res.body.mails as Array<{ id: string }>)
      : [];
  if (!mails.length) throw new Error('no mail: seed the data set first');
  const halfYear = new Date(Date.now() - 182 * 86_400_000).toISOString();
  return {
    ids: mails.map((m) => m.id),
    deep: Buffer.from(`${halfYear}|ffffffff-ffff-4fff-bfff-ffffffffffff`).toString('base64url'),
  };
}

const isPage = (b: unknown) => isObject(b) && Array.isArray(b.mails) && 'nextCursor' in b;

export const mailScenarios: BenchScenario<MailBenchContext>[] = [
  {
    name: 'mail inbox list (first page)',
    method: 'GET',
    url: () => '/api/mail/mails?systemLabel=inbox&limit=50',
    expectedStatus: 200,
    check: isPage,
  },
  {
    name: 'mail inbox deep page (half a year back)',
    method: 'GET',
    url: (ctx) => `/api/mail/mails?systemLabel=inbox&limit=50&after=${ctx.deep}`,
    expectedStatus: 200,
    check: (b) => isPage(b) && (b as { mails: unknown[] }).mails.length > 0,
  },
  {
    name: 'mail search (a word, all mail)',
    method: 'GET',
    url: (_ctx, i) => `/api/mail/mails?systemLabel=all&q=${WORDS[i % WORDS.length]}`,
    expectedStatus: 200,
    check: isPage,
  },
  {
    name: 'mail search (operators)',
    method: 'GET',
    url: (_ctx, i) =>
      `/api/mail/mails?systemLabel=all&q=${encodeURIComponent(OPERATORS[i % OPERATORS.length]!)}`,
    expectedStatus: 200,
    check: isPage,
  },
  {
    name: 'mail open a conversation',
    method: 'GET',
    url: (ctx, i) => `/api/mail/mail?mailId=${ctx.ids[i % ctx.ids.length]}`,
    expectedStatus: 200,
    check: (b) => isObject(b) && isObject(b.mail) && Array.isArray(b.mail.thread),
  },
  {
    name: 'mail labels with counts',
    method: 'GET',
    url: () => MAIL_API.labels,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.labels) && b.labels.length >= 8,
  },
];

/** One person's own mailbox, for the scenarios that run as 50 different people. */
export interface MailPersonContext {
  ids: string[];
  /** Words of their own mail's subjects and senders, so their searches find something. */
  words: string[];
  senders: string[];
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 5);

export async function preparePersonMail(fetchJson: JsonFetch): Promise<MailPersonContext> {
  const res = await fetchJson('GET', '/api/mail/mails?systemLabel=all&limit=50');
  const mails =
    isObject(res.body) && Array.isArray(res.body.mails)
      ? (res.body.mails as Array<{ id: string; subject: string; from: { name: string } }>)
      : [];
  if (!mails.length) throw new Error('this person has no mail: seed the data set first');
  const words = [...new Set(mails.flatMap((m) => wordsOf(m.subject)))];
  const senders = [...new Set(mails.flatMap((m) => wordsOf(m.from?.name ?? '').slice(0, 1)))];
  return {
    ids: mails.map((m) => m.id),
    words: words.length ? words : WORDS,
    senders: senders.length ? senders : ['northwind'],
  };
}

const pick = <T>(list: T[], i: number) => list[i % list.length]!;

/**
 * Real use: 50 people, each reading their own mailbox (connection k is person k), the calls the
 * mail screen makes: the inbox's first page as one row per conversation, a conversation opened,
 * a word search and an operator search over the whole mailbox.
 */
export const mailPeopleScenarios: BenchScenario<MailPersonContext>[] = [
  {
    name: 'mail, 50 people: inbox first page (conversations)',
    method: 'GET',
    url: () => `/api/mail/mails?systemLabel=inbox&limit=${MAIL_PAGE}&group=conversations`,
    expectedStatus: 200,
    check: isPage,
    asPeople: true,
  },
  {
    name: 'mail, 50 people: open a conversation',
    method: 'GET',
    url: (ctx, i) => `/api/mail/mail?mailId=${pick(ctx.ids, i)}`,
    expectedStatus: 200,
    check: (b) => isObject(b) && isObject(b.mail) && Array.isArray(b.mail.thread),
    asPeople: true,
  },
  {
    name: 'mail, 50 people: word search',
    method: 'GET',
    url: (ctx, i) => `/api/mail/mails?systemLabel=all&q=${encodeURIComponent(pick(ctx.words, i))}`,
    expectedStatus: 200,
    check: isPage,
    asPeople: true,
  },
  {
    name: 'mail, 50 people: operator search',
    method: 'GET',
    url: (ctx, i) => {
      const from = pick(ctx.senders, i);
      const queries = [
        `from:${from}`,
        `in:inbox is:unread ${pick(ctx.words, i)}`,
        `has:attachment after:2025-01-01`,
        `from:${from} ${pick(ctx.words, i + 1)}`,
      ];
      return `/api/mail/mails?systemLabel=all&q=${encodeURIComponent(pick(queries, i))}`;
    },
    expectedStatus: 200,
    check: isPage,
    asPeople: true,
  },
];
