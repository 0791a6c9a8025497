import { z } from 'zod';

import { familyAttachmentFields, isoDay } from './common';
import {
  MAIL_AUTH_VERDICTS,
  MAIL_FOLDERS,
  MAIL_LIMITS,
  MAIL_MOVE_TARGETS,
  MAIL_PAGE,
  MAIL_SYSTEM_LABELS,
  type MailSystemLabel,
} from './mail-constants';

export * from './mail-constants';

/** `#rrggbb`. */
const colour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'A colour like #00A76F');

export const mailLabelSchema = z.object({
  id: z.string(),
  type: z.enum(['system', 'custom']),
  name: z.string(),
  color: z.string().nullable(),
  unreadCount: z.number().int(),
  /** Messages in it (drafts, sent and trash show this instead of unread). */
  totalCount: z.number().int(),
});
export type MailLabel = z.infer<typeof mailLabelSchema>;
export const mailLabelsAnswerSchema = z.object({ labels: z.array(mailLabelSchema) });

export const mailPersonSchema = z.object({
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export type MailPerson = z.infer<typeof mailPersonSchema>;

export const mailAttachmentSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  url: z.string(),
  ...familyAttachmentFields,
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

/**
 * One message in one person's mailbox. In the list `message` is the plain-text preview (at most
 * `MAIL_SNIPPET` characters); `GET /api/mail/mail` answers the whole sanitised HTML.
 */
/** Sender authentication of a message received from outside over SMTP. */
export const mailAuthSchema = z.object({
  external: z.literal(true),
  /** pass = DMARC (or an aligned DKIM signature) verified the From domain; spoofed = names one of our domains without our signature. */
  verdict: z.enum(MAIL_AUTH_VERDICTS),
  spf: z.string(),
  dkim: z.string(),
  dmarc: z.string(),
  arc: z.string(),
  /** Domains whose DKIM signatures verified. */
  signedBy: z.array(z.string()),
  /** The Authentication-Results lines. */
  details: z.string(),
});
export type MailAuth = z.infer<typeof mailAuthSchema>;

export const mailSchema = z.object({
  id: z.string().uuid(),
  folder: z.enum(MAIL_FOLDERS),
  labelIds: z.array(z.string()),
  subject: z.string(),
  message: z.string(),
  from: mailPersonSchema,
  to: z.array(mailPersonSchema),
  cc: z.array(mailPersonSchema),
  bcc: z.array(mailPersonSchema),
  attachments: z.array(mailAttachmentSchema),
  isUnread: z.boolean(),
  isStarred: z.boolean(),
  isImportant: z.boolean(),
  createdAt: z.string(),
  threadId: z.string().uuid(),
  /** Images of other hosts were kept out of `message` (`data-remote-src`) until the reader allows them. */
  hasRemoteImages: z.boolean(),
  /** Mail from outside: what checking the sender found (internal mail has none). */
  auth: mailAuthSchema.optional(),
  /** Messages in this conversation (in this mailbox, trash and spam apart). */
  threadCount: z.number().int(),
});
export type Mail = z.infer<typeof mailSchema>;

export const mailsQuerySchema = z.object({
  systemLabel: z.enum(MAIL_SYSTEM_LABELS).optional(),
  /**
   * One of the person's own labels: its id, or (as the template family links labels) its name,
   * matched case-insensitively. An unknown one is a 404.
   */
  customLabel: z
    .string()
    .trim()
    .min(1)
    // Longer than any label's name, so a long unknown name is a 404 like any unknown one.
    .max(200)
    .optional()
    .describe(
      "One of the caller's labels: its id, or its name (case-insensitive, as the template family sends)",
    ),
  /** Free text plus operators: from: to: has:attachment is:unread is:starred before: after: label: */
  q: z.string().trim().max(MAIL_LIMITS.query).optional(),
  /** The previous page's `nextCursor`. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MAIL_PAGE),
  /**
   * `conversations`: one row per conversation of the folder or view — its newest message there,
   * `isUnread` when any of its messages there is unread (searches and labels list messages).
   */
  group: z.enum(['messages', 'conversations']).default('messages'),
});
export type MailsQuery = z.infer<typeof mailsQuerySchema>;

export const mailsAnswerSchema = z.object({
  mails: z.array(mailSchema),
  nextCursor: z.string().nullable(),
  total: z
    .number()
    .int()
    .optional()
    .describe('The messages listed, all pages: on a call without after or limit only'),
});

export const mailQuerySchema = z.object({ mailId: z.string().uuid() });
export const mailAnswerSchema = z.object({
  mail: mailSchema.extend({
    /** The whole conversation, oldest first (this message included), each with its full body. */
    thread: z.array(mailSchema),
    /** Message-ID of this message (for clients that thread themselves). */
    messageId: z.string(),
  }),
});
export type MailWithThread = z.infer<typeof mailAnswerSchema>['mail'];

const address = z.string().trim().toLowerCase().email('Not a valid email address').max(254);
const addresses = z.array(address).max(MAIL_LIMITS.recipients).default([]);

export const mailSendBodySchema = z.object({
  to: addresses,
  cc: addresses,
  bcc: addresses,
  subject: z.string().trim().max(MAIL_LIMITS.subject).default(''),
  message: z.string().max(MAIL_LIMITS.message).default(''),
  attachmentIds: z.array(z.string().uuid()).max(MAIL_LIMITS.attachments).default([]),
  /** The message answered or forwarded (one of the sender's own), for the thread and headers. */
  inReplyTo: z.string().uuid().nullable().optional(),
  /** A draft this send comes from: it is removed once sent. */
  draftId: z.string().uuid().optional(),
});
export type MailSendBody = z.input<typeof mailSendBodySchema>;

/** A draft: everything optional, addresses checked only for their form. */
export const mailDraftBodySchema = mailSendBodySchema.omit({ draftId: true });
export type MailDraftBody = z.input<typeof mailDraftBodySchema>;
export const mailDraftPatchSchema = mailDraftBodySchema.partial();
export const mailIdParamsSchema = z.object({ id: z.string().uuid() });
export const mailOneAnswerSchema = z.object({ mail: mailSchema });

export const mailUpdateBodySchema = z.object({
  mailIds: z.array(z.string().uuid()).min(1).max(MAIL_LIMITS.selection),
  changes: z
    .object({
      isUnread: z.boolean().optional(),
      isStarred: z.boolean().optional(),
      isImportant: z.boolean().optional(),
      folder: z.enum(MAIL_MOVE_TARGETS).optional(),
      addLabelIds: z.array(z.string().uuid()).max(MAIL_LIMITS.labels).optional(),
      removeLabelIds: z.array(z.string().uuid()).max(MAIL_LIMITS.labels).optional(),
    })
    .refine((c) => Object.values(c).some((v) => v !== undefined), 'Nothing to change'),
  /** Each message's whole conversation in its folder (a conversation row's actions). */
  conversations: z.boolean().optional(),
});
export type MailUpdateBody = z.infer<typeof mailUpdateBodySchema>;
export const mailUpdateAnswerSchema = z.object({ updated: z.number().int() });

export const mailDeleteBodySchema = z.object({
  mailIds: z.array(z.string().uuid()).min(1).max(MAIL_LIMITS.selection),
  /** Each message's whole conversation in the trash. */
  conversations: z.boolean().optional(),
});
export const mailDeleteAnswerSchema = z.object({ deleted: z.number().int() });

export const mailLabelBodySchema = z.object({
  name: z.string().trim().min(1, 'A name is required').max(MAIL_LIMITS.labelName),
  color: colour,
});
export const mailLabelPatchSchema = mailLabelBodySchema.partial();
export const mailLabelAnswerSchema = z.object({ label: mailLabelSchema });

/** Suggestions for the compose window's address fields: colleagues and past correspondents. */
export const mailPeopleQuerySchema = z.object({
  query: z.string().trim().max(100).default(''),
});
/**
 * A colleague whose profile is private comes with an empty `email` (and is matched by name and
 * company only) unless the caller is that person or manages people.
 */
export const mailPeopleAnswerSchema = z.object({ people: z.array(mailPersonSchema) });

/** Realtime event types (`mail.*` reach only the mailbox's owner). */

export interface MailSearch {
  text: string[];
  from?: string;
  to?: string;
  hasAttachment?: boolean;
  isUnread?: boolean;
  isStarred?: boolean;
  before?: string;
  after?: string;
  label?: string;
  /** `in:inbox`, `in:sent`…: one folder or view instead of the whole mailbox. */
  in?: MailSystemLabel;
}

/**
 * The search box's language: words (or "quoted phrases") match subject, body and names;
 * `from:` `to:` `label:` `before:YYYY-MM-DD` `after:YYYY-MM-DD` `has:attachment` `is:unread`
 * `is:starred` narrow it. A search covers the whole mailbox (trash and spam apart) unless
 * `in:<folder>` names one. An operator it does not know is searched as text.
 */
export function parseMailSearch(input: string): MailSearch {
  const out: MailSearch = { text: [] };
  const tokens = input.match(/(\w+:)?"[^"]*"|\S+/g) ?? [];
  for (const raw of tokens) {
    const m = /^(\w+):(.*)$/.exec(raw);
    const unquote = (v: string) => v.replace(/^"|"$/g, '').trim();
    if (m) {
      const key = m[1]!.toLowerCase();
      const value = unquote(m[2]!);
      if (key === 'from' && value) out.from = value.toLowerCase();
      else if (key === 'to' && value) out.to = value.toLowerCase();
      else if (key === 'label' && value) out.label = value;
      else if (
        key === 'in' &&
        (MAIL_SYSTEM_LABELS as readonly string[]).includes(value.toLowerCase())
      )
        out.in = value.toLowerCase() as MailSystemLabel;
      else if (key === 'has' && /^attachments?$/i.test(value)) out.hasAttachment = true;
      else if (key === 'is' && value.toLowerCase() === 'unread') out.isUnread = true;
      else if (key === 'is' && value.toLowerCase() === 'read') out.isUnread = false;
      else if (key === 'is' && value.toLowerCase() === 'starred') out.isStarred = true;
      else if ((key === 'before' || key === 'after') && isoDay.safeParse(value).success)
        out[key] = isoDay.parse(value);
      else if (unquote(raw)) out.text.push(unquote(raw));
      continue;
    }
    const word = unquote(raw);
    if (word) out.text.push(word);
  }
  return out;
}
