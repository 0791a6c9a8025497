import { apiPath } from './api-path';

// Kept apart from the zod schemas so the web app can import them without bundling zod.

export const MAIL_API = {
  labels: '/api/mail/labels',
  label: apiPath('/api/mail/labels/:id'),
  mails: '/api/mail/mails',
  mail: '/api/mail/mail',
  send: '/api/mail/send',
  drafts: '/api/mail/drafts',
  draft: apiPath('/api/mail/drafts/:id'),
  update: '/api/mail/update',
  delete: '/api/mail/delete',
  attachment: apiPath('/api/mail/attachments/:id'),
  people: '/api/mail/people',
} as const;

/** Where a message is stored. `archive` shows under `all` only. */
export const MAIL_FOLDERS = ['inbox', 'sent', 'drafts', 'trash', 'spam', 'archive'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];
/** The navigation's system labels; `starred`, `important` and `all` are views, not folders. */
export const MAIL_SYSTEM_LABELS = [
  'inbox',
  'sent',
  'drafts',
  'trash',
  'spam',
  'starred',
  'important',
  'all',
] as const;
export type MailSystemLabel = (typeof MAIL_SYSTEM_LABELS)[number];
/** Folders a person may move a message to (drafts and sent are decided by the server). */
export const MAIL_MOVE_TARGETS = ['inbox', 'archive', 'spam', 'trash'] as const;

export const MAIL_LIMITS = {
  subject: 300,
  message: 500_000,
  /** Addresses over to, cc and bcc together. */
  recipients: 100,
  attachments: 20,
  labelName: 40,
  labels: 100,
  selection: 500,
  query: 200,
} as const;
export const MAIL_PAGE = 50;
/** The text kept for the list's preview. */
export const MAIL_SNIPPET = 200;
/** How long the compose window offers to undo a send (the send happens after it). */
export const MAIL_UNDO_SECONDS = 5;
export const MAIL_LABEL_COLORS = [
  '#00A76F',
  '#8E33FF',
  '#00B8D9',
  '#FFAB00',
  '#FF5630',
  '#003768',
  '#B71D18',
  '#637381',
] as const;

/** Sender authentication of a message received from outside over SMTP. */
export const MAIL_AUTH_VERDICTS = ['pass', 'none', 'fail', 'spoofed'] as const;

export const MAIL_EVENTS = {
  /** A message arrived or changed in the mailbox: `{ mailIds, labels? }`. */
  changed: 'mail.changed',
} as const;
