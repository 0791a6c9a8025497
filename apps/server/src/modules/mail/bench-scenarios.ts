/**
 * What `npm run bench` measures for mail, in the signed-in administrator's mailbox (the seed
 * gives them the big one: 100,000 messages at the large scale): the inbox's first page, a page half
 * a year back, a word search and an operator search, a conversation opened, and the counts.
 */
import { MAIL_API } from '@bo/contract/mail';
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
