import type {
  Mail,
  MailDraftBody,
  MailLabel,
  MailPerson,
  MailSendBody,
  MailSystemLabel,
  MailUpdateBody,
  MailWithThread,
} from '@bo/contract/mail';
import { MAIL_API, MAIL_EVENTS, MAIL_PAGE } from '@bo/contract/mail-constants';
import { FILES_API } from '@bo/contract/files-paths';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { formatBytes } from '../../lib/format-bytes';
import { http, queryOf } from '../../lib/http';
import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { languageOption, toLanguage } from '../../locales/locales-config';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';

/** Which list: a system label or one of the person's labels, and a search. */
export type MailListArgs = {
  systemLabel?: MailSystemLabel;
  customLabel?: string;
  q?: string;
};

type MailPage = { mails: Mail[]; nextCursor: string | null };
type One = { mail: Mail };

const TAGS = ['Mail', 'MailLabel'] as const;

export const mailApi = api.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    mailLabels: build.query<{ labels: MailLabel[] }, void>({
      query: () => MAIL_API.labels,
      providesTags: ['MailLabel'],
    }),
    mailList: build.infiniteQuery<MailPage, MailListArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: MAIL_API.mails,
        // A conversation is one row (the server lists searches and labels message by message).
        query: queryOf({
          ...queryArg,
          after: pageParam,
          limit: MAIL_PAGE,
          group: 'conversations',
        }),
      }),
      providesTags: ['Mail'],
    }),
    mail: build.query<{ mail: MailWithThread }, string>({
      query: (mailId) => ({ url: MAIL_API.mail, query: { mailId } }),
      providesTags: ['Mail'],
    }),
    mailPeople: build.query<{ people: MailPerson[] }, string>({
      query: (query) => ({ url: MAIL_API.people, query: { query } }),
    }),
    sendMail: build.mutation<One, MailSendBody>({
      query: (body) => ({ url: MAIL_API.send, method: 'POST', body }),
      invalidatesTags: [...TAGS],
    }),
    createDraft: build.mutation<One, MailDraftBody>({
      query: (body) => ({ url: MAIL_API.drafts, method: 'POST', body }),
      invalidatesTags: ['MailLabel'],
    }),
    updateDraft: build.mutation<One, { id: string; body: Partial<MailDraftBody> }>({
      query: ({ id, body }) => ({ url: MAIL_API.draft(id), method: 'PATCH', body }),
    }),
    updateMails: build.mutation<{ updated: number }, MailUpdateBody>({
      query: (body) => ({ url: MAIL_API.update, method: 'POST', body }),
      invalidatesTags: [...TAGS],
    }),
    deleteMails: build.mutation<{ deleted: number }, string[]>({
      // Each row is a conversation: its messages in the trash go with it.
      query: (mailIds) => ({
        url: MAIL_API.delete,
        method: 'POST',
        body: { mailIds, conversations: true },
      }),
      invalidatesTags: [...TAGS],
    }),
    createMailLabel: build.mutation<{ label: MailLabel }, { name: string; color: string }>({
      query: (body) => ({ url: MAIL_API.labels, method: 'POST', body }),
      invalidatesTags: ['MailLabel'],
    }),
    updateMailLabel: build.mutation<
      { label: MailLabel },
      { id: string; name?: string; color?: string }
    >({
      query: ({ id, ...body }) => ({ url: MAIL_API.label(id), method: 'PATCH', body }),
      invalidatesTags: ['MailLabel'],
    }),
    deleteMailLabel: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: MAIL_API.label(id), method: 'DELETE' }),
      invalidatesTags: [...TAGS],
    }),
  }),
});

export const {
  useMailLabelsQuery,
  useMailListInfiniteQuery,
  useMailQuery,
  useMailPeopleQuery,
  useSendMailMutation,
  useCreateDraftMutation,
  useUpdateDraftMutation,
  useUpdateMailsMutation,
  useDeleteMailsMutation,
  useCreateMailLabelMutation,
  useUpdateMailLabelMutation,
  useDeleteMailLabelMutation,
} = mailApi;

/** An attachment through the one storage layer (any accepted type); answers its id. */
export async function uploadMailAttachment(file: File): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('file', file);
  const answer = await http<{ file: { id: string; url: string } }>(FILES_API.upload, {
    method: 'POST',
    body: form,
    query: { kind: 'any' },
  });
  return answer.file;
}

/** A picture put inside the message body. */
export async function uploadMailImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  const answer = await http<{ file: { id: string; url: string } }>(FILES_API.upload, {
    method: 'POST',
    body: form,
    query: { kind: 'image' },
  });
  return answer.file;
}

/**
 * Keeps the mailbox in step: a message that arrives, a change made in another tab and the counts
 * come through the realtime socket; the lists and labels are fetched again (once per burst).
 */
export function useMailLive(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribeRealtime((event) => {
      if (event.type !== MAIL_EVENTS.changed && event.type !== REALTIME_RESYNC) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => dispatch(mailApi.util.invalidateTags([...TAGS])), 150);
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [dispatch]);
}

/** Times in the person's language: today's as a time, this year's as a day, older with the year. */
export function useMailFormat() {
  const { i18n } = useTranslation();
  const tag = languageOption(toLanguage(i18n.language)).htmlLang;
  const time = new Intl.DateTimeFormat(tag, { timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short' });
  const full = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'short' });
  const long = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    short(iso: string) {
      const d = new Date(iso);
      const now = new Date();
      if (d.toDateString() === now.toDateString()) return time.format(d);
      if (now.getTime() - d.getTime() < 6 * 86_400_000)
        return `${weekday.format(d)} ${time.format(d)}`;
      if (d.getFullYear() === now.getFullYear()) return day.format(d);
      return full.format(d);
    },
    long: (iso: string) => long.format(new Date(iso)),
    bytes: (n: number) => formatBytes(n, i18n.language),
  };
}
