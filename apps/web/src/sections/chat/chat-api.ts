import type {
  ChatContact,
  ChatConversation,
  ChatMessage,
  ChatNewMessage,
  ChatParticipant,
} from '@bo/contract/chat';
import { CHAT_API } from '@bo/contract/chat-constants';
import { FILES_API } from '@bo/contract/files-paths';
import { useTranslation } from 'react-i18next';

import { formatBytes } from '../../lib/format-bytes';
import { http } from '../../lib/http';
import { languageOption, toLanguage } from '../../locales/locales-config';
import { api } from '../../store/api';

export type OpenConversation = ChatConversation & {
  messages: ChatMessage[];
  olderCursor: string | null;
};

const TAGS = ['ChatConversation', 'ChatContact'] as const;

export const chatApi = api.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    chatContacts: build.query<{ contacts: ChatContact[] }, void>({
      query: () => CHAT_API.contacts,
      providesTags: ['ChatContact'],
    }),
    chatSearch: build.query<{ results: ChatContact[] }, string>({
      query: (query) => ({ url: CHAT_API.search, query: { query } }),
    }),
    chatConversations: build.query<{ conversations: ChatConversation[] }, void>({
      query: () => CHAT_API.conversations,
      providesTags: ['ChatConversation'],
    }),
    chatConversation: build.query<{ conversation: OpenConversation | null }, string>({
      query: (conversationKey) => ({ url: CHAT_API.conversation, query: { conversationKey } }),
      providesTags: ['ChatConversation'],
    }),
    chatParticipants: build.query<{ participants: ChatParticipant[] }, string>({
      query: (conversationKey) => ({ url: CHAT_API.participants, query: { conversationKey } }),
      providesTags: ['ChatConversation'],
    }),
    startChat: build.mutation<
      { conversation: ChatConversation },
      { participantIds: string[]; name?: string }
    >({
      query: (body) => ({ url: CHAT_API.newConversation, method: 'POST', body }),
      invalidatesTags: ['ChatConversation'],
    }),
    updateChat: build.mutation<
      { conversation: ChatConversation | null },
      {
        conversationId: string;
        name?: string;
        addIds?: string[];
        removeIds?: string[];
        muted?: boolean;
        closed?: boolean;
        leave?: boolean;
      }
    >({
      query: (body) => ({ url: CHAT_API.updateConversation, method: 'POST', body }),
      invalidatesTags: ['ChatConversation'],
    }),
  }),
});

export const {
  useChatContactsQuery,
  useChatSearchQuery,
  useChatConversationsQuery,
  useChatConversationQuery,
  useChatParticipantsQuery,
  useStartChatMutation,
  useUpdateChatMutation,
} = chatApi;

/** Calls whose answers the screen merges itself (messages arrive live as well). */
export const chatCalls = {
  send: (body: ChatNewMessage) =>
    http<{ message: ChatMessage }>(CHAT_API.newMessage, { method: 'POST', body }),
  edit: (messageId: string, body: string) =>
    http<{ message: ChatMessage }>(CHAT_API.updateMessage, {
      method: 'POST',
      body: { messageId, body },
    }),
  remove: (messageId: string) =>
    http<{ message: ChatMessage }>(CHAT_API.deleteMessage, {
      method: 'POST',
      body: { messageId },
    }),
  older: (conversationId: string, before: string) =>
    http<{ messages: ChatMessage[]; olderCursor: string | null }>(CHAT_API.messages, {
      query: { conversationId, before },
    }),
  since: (after: number) =>
    http<{ messages: ChatMessage[]; more: boolean }>(CHAT_API.since, { query: { after } }),
  seen: (conversationId: string) =>
    http<{ conversationId: string; lastReadMessageId: string | null }>(CHAT_API.markAsSeen, {
      query: { conversationId },
    }),
  typing: (conversationId: string) =>
    http<null>(CHAT_API.typing, { method: 'POST', body: { conversationId } }),
  async upload(file: File, image: boolean) {
    const form = new FormData();
    form.append('file', file);
    const answer = await http<{ file: { id: string } }>(FILES_API.upload, {
      method: 'POST',
      body: form,
      query: { kind: image ? 'image' : 'any' },
    });
    return answer.file.id;
  },
};

/** Times and days in the person's language. */
export function useChatFormat() {
  const { i18n } = useTranslation();
  const tag = languageOption(toLanguage(i18n.language)).htmlLang;
  const time = new Intl.DateTimeFormat(tag, { timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'full' });
  const short = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short' });
  return {
    time: (iso: string) => time.format(new Date(iso)),
    day: (iso: string) => day.format(new Date(iso)),
    /** Today's as a time, older as a day. */
    when(iso: string) {
      const d = new Date(iso);
      return d.toDateString() === new Date().toDateString() ? time.format(d) : short.format(d);
    },
    bytes: (n: number) => formatBytes(n, i18n.language),
  };
}
