import { apiPath } from './api-path';

// Kept apart from the zod schemas so the web app can import them without bundling zod.

export const CHAT_API = {
  contacts: '/api/chat/contacts',
  conversations: '/api/chat/conversations',
  conversation: '/api/chat/conversation',
  markAsSeen: '/api/chat/conversation/mark-as-seen',
  participants: '/api/chat/participants',
  search: '/api/chat/search',
  messages: '/api/chat/messages',
  since: '/api/chat/messages/since',
  newConversation: '/api/chat/conversations/new',
  updateConversation: '/api/chat/conversations/update',
  newMessage: '/api/chat/messages/new',
  updateMessage: '/api/chat/messages/update',
  deleteMessage: '/api/chat/messages/delete',
  typing: '/api/chat/typing',
  unread: '/api/chat/unread',
  attachment: apiPath('/api/chat/attachments/:id'),
} as const;

export const CHAT_TYPES = ['ONE_TO_ONE', 'GROUP'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
export const CHAT_CONTENT_TYPES = ['text', 'image', 'file'] as const;
export type ChatContentType = (typeof CHAT_CONTENT_TYPES)[number];
export const CHAT_STATUSES = ['online', 'away', 'busy', 'offline'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const CHAT_LIMITS = {
  body: 5000,
  name: 80,
  members: 100,
  attachments: 10,
  clientId: 64,
  page: 50,
} as const;

/** A client says it is typing at most this often; the others show it this long after the last. */
export const CHAT_TYPING_EVERY_MS = 3000;
export const CHAT_TYPING_SHOWN_MS = 6000;

/** Realtime events (`chat.*` reach the conversation's members only). */
export const CHAT_EVENTS = {
  /** A message was sent, edited or deleted: `{ message }`. */
  message: 'chat.message',
  /** Someone read up to a message: `{ conversationId, userId, messageId }`. */
  seen: 'chat.seen',
  /** A conversation was created or changed (name, members): `{ conversationId }`. */
  conversation: 'chat.conversation',
  /** Someone is typing: `{ conversationId, userId }` (not stored). */
  typing: 'chat.typing',
  /** A person's presence changed: `{ userId, status, lastActivity }` (to everyone in chat). */
  presence: 'chat.presence',
} as const;
