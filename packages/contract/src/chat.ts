import { z } from 'zod';

import { familyAttachmentFields } from './common';
import { CHAT_LIMITS, CHAT_STATUSES, CHAT_TYPES, CHAT_CONTENT_TYPES } from './chat-constants';

export * from './chat-constants';

export const chatContactSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  role: z.string(),
  status: z.enum(CHAT_STATUSES),
  lastActivity: z.string().nullable(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

export const chatAttachmentSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  url: z.string(),
  createdAt: z.string(),
  ...familyAttachmentFields,
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.string().uuid(),
  conversationId: z.string().uuid(),
  clientId: z.string(),
  /**
   * The text. A picture message (content type `image`, no text, one picture) carries the
   * picture's URL here, as the template family reads it; it equals that attachment's `url`.
   */
  body: z
    .string()
    .describe(
      "The text; a picture message (contentType image, no text, one picture) has the picture's URL (its attachment's url), as the template family reads it",
    ),
  contentType: z.enum(CHAT_CONTENT_TYPES),
  attachments: z.array(chatAttachmentSchema),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** A deleted message keeps its place with an empty body. */
  deleted: z.boolean(),
  senderId: z.string().uuid(),
  /** Change sequence across the person's conversations: what a reconnecting client asks after. */
  seq: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatParticipantSchema = chatContactSchema.extend({
  /** Family: the person's picture (ours: `avatar`, the same value). */
  avatarUrl: z
    .string()
    .nullable()
    .describe("Template family: the person's picture (ours: avatar, the same value)"),
  /** The last message this member has seen (for "seen" marks). */
  lastReadMessageId: z.string().uuid().nullable(),
  isOwner: z.boolean(),
});
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

export const chatConversationSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(CHAT_TYPES),
  name: z.string().nullable(),
  participants: z.array(chatParticipantSchema),
  unreadCount: z.number().int(),
  muted: z.boolean(),
  /** I closed it: it leaves my list until someone writes in it (then I am notified). */
  closed: z.boolean(),
  lastMessage: chatMessageSchema.nullable(),
  /**
   * Family: the conversation's messages, oldest first. In the list and in the answers of writes:
   * the last message only (none in a conversation without messages); `GET conversation` answers
   * the newest page (older ones through `olderCursor`).
   */
  messages: z
    .array(chatMessageSchema)
    .describe(
      'Template family: messages, oldest first; in the list the last message only (ours: lastMessage), the newest page in GET conversation',
    ),
  updatedAt: z.string(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** One conversation opened: its latest messages (oldest first) and the cursor for older ones. */
export const chatConversationWithMessagesSchema = chatConversationSchema.extend({
  messages: z
    .array(chatMessageSchema)
    .describe('The newest page of messages, oldest first (older ones through olderCursor)'),
  olderCursor: z.string().nullable(),
});

export const chatContactsAnswerSchema = z.object({ contacts: z.array(chatContactSchema) });
export const chatConversationsAnswerSchema = z.object({
  conversations: z.array(chatConversationSchema),
});
export const chatConversationKeySchema = z.object({
  conversationKey: z.string().trim().min(1).max(120),
});
export const chatConversationAnswerSchema = z.object({
  conversation: chatConversationWithMessagesSchema.nullable(),
});
export const chatConversationIdQuerySchema = z.object({ conversationId: z.string().uuid() });
export const chatParticipantsAnswerSchema = z.object({
  participants: z.array(chatParticipantSchema),
});
export const chatSearchQuerySchema = z.object({ query: z.string().trim().max(100).default('') });
export const chatSearchAnswerSchema = z.object({ results: z.array(chatContactSchema) });

export const chatOlderQuerySchema = z.object({
  conversationId: z.string().uuid(),
  before: z.string().max(200),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.page),
});
export const chatMessagesAnswerSchema = z.object({
  messages: z.array(chatMessageSchema),
  olderCursor: z.string().nullable(),
});
export const chatSinceQuerySchema = z.object({
  after: z.coerce.number().int().min(0),
});
export const chatSinceAnswerSchema = z.object({
  messages: z.array(chatMessageSchema),
  /** More changes after the last one answered: ask again with its `seq`. */
  more: z.boolean(),
});

export const chatNewConversationSchema = z.object({
  participantIds: z.array(z.string().uuid()).min(1).max(CHAT_LIMITS.members),
  name: z.string().trim().max(CHAT_LIMITS.name).optional(),
});
export const chatOneConversationSchema = z.object({ conversation: chatConversationSchema });

export const chatNewMessageSchema = z.object({
  conversationId: z.string().uuid(),
  clientId: z.string().trim().min(1).max(CHAT_LIMITS.clientId),
  body: z.string().max(CHAT_LIMITS.body).default(''),
  contentType: z.enum(CHAT_CONTENT_TYPES).default('text'),
  attachmentIds: z.array(z.string().uuid()).max(CHAT_LIMITS.attachments).default([]),
});
export type ChatNewMessage = z.input<typeof chatNewMessageSchema>;
export const chatOneMessageSchema = z.object({ message: chatMessageSchema });
export const chatUpdateMessageSchema = z.object({
  messageId: z.string().uuid(),
  body: z.string().trim().min(1).max(CHAT_LIMITS.body),
});
export const chatDeleteMessageSchema = z.object({ messageId: z.string().uuid() });
export const chatTypingSchema = z.object({ conversationId: z.string().uuid() });

/** Presence timings (see `PRESENCE`). */
export { PRESENCE as CHAT_PRESENCE } from './realtime-constants';

export const chatUpdateConversationSchema = z.object({
  conversationId: z.string().uuid(),
  name: z.string().trim().max(CHAT_LIMITS.name).optional(),
  addIds: z.array(z.string().uuid()).max(CHAT_LIMITS.members).optional(),
  removeIds: z.array(z.string().uuid()).max(CHAT_LIMITS.members).optional(),
  muted: z.boolean().optional(),
  /** Close it for me (or reopen it): my list hides it until a new message arrives. */
  closed: z.boolean().optional(),
  leave: z.boolean().optional(),
});
