/** The mailbox's one-key shortcuts, in the order its help lists them (the help page too). */
export const MAIL_SHORTCUT_KEYS = ['j', 'k', 'o', 'r', 'a', 'f', 'e', '#', 'c', '/', '?'] as const;
export type MailShortcutKey = (typeof MAIL_SHORTCUT_KEYS)[number];

/** What a person presses: Enter opens a message as `o` does. */
export const mailShortcutKeys = (key: MailShortcutKey) => (key === 'o' ? 'o / Enter' : key);

/** The i18n key of what a shortcut does (`mail` section). */
export const mailShortcutLabel = (key: MailShortcutKey) =>
  `mail.shortcuts.${key === '#' ? 'hash' : key === '/' ? 'slash' : key === '?' ? 'help' : key}`;
