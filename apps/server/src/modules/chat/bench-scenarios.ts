/**
 * What `npm run bench` measures for chat, as the administrator (a member of the seed's first
 * conversations): the conversations list, a conversation opened with its latest 50 messages, an
 * older page, and sending a message (each with a new client id).
 */
import { CHAT_API } from '@bo/contract/chat';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export interface ChatBenchContext {
  ids: string[];
  /** An older page's cursor of each conversation (where there is one). */
  older: Array<{ id: string; before: string }>;
}

const run = Math.random().toString(36).slice(2, 8);

export async function prepareChatBench(fetchJson: JsonFetch): Promise<ChatBenchContext> {
  const res = await fetchJson('GET', CHAT_API.conversations);
  const list =
    isObject(res.body) && Array.isArray(res.body.conversations)
      ? (res.body.conversations as Array<{ id: string }>)
      : [];
  if (!list.length) throw new Error('no conversations: seed the data set first');
  const ids = list.slice(0, 20).map((c) => c.id);
  const older: ChatBenchContext['older'] = [];
  for (const id of ids) {
    const one = await fetchJson('GET', `/api/chat/conversation?conversationKey=${id}`);
    const cursor =
      isObject(one.body) && isObject(one.body.conversation)
        ? one.body.conversation.olderCursor
        : null;
    if (typeof cursor === 'string') older.push({ id, before: cursor });
  }
  return { ids, older };
}

export const chatScenarios: BenchScenario<ChatBenchContext>[] = [
  {
    name: 'chat conversations list',
    method: 'GET',
    url: () => CHAT_API.conversations,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.conversations),
  },
  {
    name: 'chat open a conversation (latest 50 messages)',
    method: 'GET',
    url: (ctx, i) => `/api/chat/conversation?conversationKey=${ctx.ids[i % ctx.ids.length]}`,
    expectedStatus: 200,
    check: (b) => isObject(b) && isObject(b.conversation) && Array.isArray(b.conversation.messages),
  },
  {
    name: 'chat older page of a conversation',
    method: 'GET',
    url: (ctx, i) => {
      const o = ctx.older[i % Math.max(1, ctx.older.length)];
      return o
        ? `/api/chat/messages?conversationId=${o.id}&before=${o.before}`
        : `/api/chat/conversations`;
    },
    expectedStatus: 200,
    check: (b) => isObject(b) && (Array.isArray(b.messages) || Array.isArray(b.conversations)),
  },
  {
    name: 'chat send a message',
    method: 'POST',
    url: () => CHAT_API.newMessage,
    body: (ctx, i) => ({
      conversationId: ctx.ids[i % ctx.ids.length],
      clientId: `bench-${run}-${Date.now().toString(36)}-${i}`,
      body: `Bench message ${i}`,
    }),
    expectedStatus: 201,
    check: (b) => isObject(b) && isObject(b.message),
  },
];
