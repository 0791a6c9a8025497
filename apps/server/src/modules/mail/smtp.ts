import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AddressObject } from 'mailparser';
import fp from 'fastify-plugin';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAIL_EVENTS } from '@bo/contract/mail';
import type { AppConfig } from '../../config.js';
import { files, users } from '../../db/schema/core.js';
import { mailAttachments, mailMessages, type StoredAddress } from '../../db/schema/messaging.js';
import { htmlToText, sanitizeMailHtml, textToHtml } from '../../lib/html.js';
import { categoryOf } from '../../lib/storage/index.js';
import { attachmentUrl, newMessageId, threadOf } from './queries.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbound SMTP listener's port, once listening (MAIL_SMTP_PORT set). */
    mailSmtpPort: number | null;
  }
}

/** The domain of this installation's Message-IDs: PUBLIC_URL's host, else MAIL_FROM's. */
export function mailDomainOf(config: AppConfig): string {
  if (config.publicUrl) return new URL(config.publicUrl).hostname;
  return /@([^>\s]+)/.exec(config.mailFrom)?.[1] ?? 'backoffice.local';
}

export interface InboundMail {
  from: StoredAddress;
  to: StoredAddress[];
  cc: StoredAddress[];
  subject: string;
  html?: string;
  text?: string;
  messageId?: string;
  inReplyTo?: string;
  references: string[];
  attachments: Array<{
    filename: string;
    contentType: string;
    content: Buffer;
    cid?: string;
  }>;
}

interface Recipient {
  id: string;
  email: string;
}

/** A smtp-server error with its reply code (550 refuses the recipient, 552 the size). */
const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * Stores a message from outside in each recipient's inbox: attachments through the storage
 * layer (typed from their bytes), the body sanitised (scripts, handlers and remote images out),
 * threaded with the mail it answers by In-Reply-To and References. A Message-ID already in a
 * mailbox is not stored twice.
 */
export async function receiveMail(
  app: FastifyInstance,
  mail: InboundMail,
  recipients: Recipient[],
): Promise<string[]> {
  const { db, config, events } = app.services;
  if (!recipients.length) return [];
  const messageId = mail.messageId ?? newMessageId(mailDomainOf(config));
  const references = [...mail.references, ...(mail.inReplyTo ? [mail.inReplyTo] : [])].slice(-50);
  const stored: Array<{
    key: string;
    mime: string;
    size: number;
    checksum: string;
    name: string;
    cid?: string;
  }> = [];
  try {
    for (const a of mail.attachments) {
      const saved = await app.storage.save(Readable.from([a.content]), {
        name: a.filename || 'attachment',
        claimed: a.contentType,
        maxBytes: config.maxMailBytes,
      });
      stored.push({ ...saved, name: a.filename || 'attachment', cid: a.cid });
    }
    const ids = await db.transaction(async (tx) => {
      const fileIds: string[] = [];
      for (const s of stored) {
        const [row] = await tx
          .insert(files)
          .values({
            ownerId: recipients[0]!.id,
            scope: 'mail',
            // eslint-disable-next-line no-control-regex
            name: s.name.replace(/[\\/\u0000-\u001f\u007f]/g, '_').slice(0, 255),
            mime: s.mime,
            category: categoryOf(s.mime),
            size: s.size,
            storageKey: s.key,
            checksum: s.checksum,
          })
          .returning({ id: files.id });
        fileIds.push(row!.id);
      }
      const cid = new Map<string, string>();
      stored.forEach((s, i) => {
        if (s.cid) cid.set(s.cid.replace(/^<|>$/g, ''), attachmentUrl(fileIds[i]!));
      });
      const clean = sanitizeMailHtml(mail.html ?? textToHtml(mail.text ?? ''), cid);
      const text = htmlToText(clean.html);
      const searchText = [
        mail.subject,
        mail.from.name,
        mail.from.email,
        ...[...mail.to, ...mail.cc].flatMap((p) => [p.name, p.email]),
        ...stored.map((s) => s.name),
        text.slice(0, 4000),
      ]
        .join(' ')
        .toLowerCase();
      const inserted: string[] = [];
      for (const r of recipients) {
        const [dup] = await tx
          .select({ id: mailMessages.id })
          .from(mailMessages)
          .where(
            and(
              eq(mailMessages.ownerId, r.id),
              eq(mailMessages.messageId, messageId),
              sql`${mailMessages.folder} <> 'drafts'`,
              sql`${mailMessages.folder} <> 'sent'`,
            ),
          )
          .limit(1);
        if (dup) continue;
        const threadId = (await threadOf(tx, r.id, [...references, messageId])) ?? randomUUID();
        const [row] = await tx
          .insert(mailMessages)
          .values({
            ownerId: r.id,
            folder: 'inbox',
            threadId,
            messageId,
            inReplyTo: mail.inReplyTo ?? null,
            refs: references,
            subject: mail.subject.slice(0, 998),
            bodyHtml: clean.html,
            snippet: text.length > 200 ? `${text.slice(0, 199)}…` : text,
            fromName: mail.from.name || mail.from.email.split('@')[0]!,
            fromEmail: mail.from.email,
            to: mail.to,
            cc: mail.cc,
            isUnread: true,
            hasAttachments: fileIds.length > 0,
            hasRemoteImages: clean.hasRemoteImages,
            searchText,
          })
          .returning({ id: mailMessages.id });
        inserted.push(row!.id);
        if (fileIds.length)
          await tx
            .insert(mailAttachments)
            .values(fileIds.map((fileId, position) => ({ mailId: row!.id, fileId, position })));
      }
      if (!inserted.length && fileIds.length)
        await tx.delete(files).where(inArray(files.id, fileIds));
      return inserted;
    });
    if (!ids.length) for (const s of stored) await app.storage.remove(s.key).catch(() => undefined);
    else
      await events.publish({
        type: MAIL_EVENTS.changed,
        audience: recipients.map((r) => r.id),
        payload: { mailIds: ids },
      });
    return ids;
  } catch (error) {
    for (const s of stored) await app.storage.remove(s.key).catch(() => undefined);
    throw error;
  }
}

const addressList = (value: AddressObject | AddressObject[] | undefined): StoredAddress[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((v) => v.value)
    .filter((a) => a.address)
    .map((a) => ({ name: a.name ?? '', email: a.address!.toLowerCase() }));

/**
 * The optional inbound listener (MAIL_SMTP_PORT): accepts mail for the people of MAIL_DOMAINS,
 * refuses unknown recipients at RCPT with 550 and messages over MAX_MAIL_MB with 552. No AUTH:
 * it only delivers to local mailboxes, it never relays.
 */
export const mailListenerPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app.services;
    app.decorate('mailSmtpPort', null);
    if (!config.mailSmtp) return;
    const [{ SMTPServer }, { simpleParser }] = await Promise.all([
      import('smtp-server'),
      import('mailparser'),
    ]);

    const lookup = async (address: string): Promise<Recipient | null> => {
      const email = address.trim().toLowerCase();
      const domain = email.split('@')[1] ?? '';
      if (config.mailDomains.length && !config.mailDomains.includes(domain)) return null;
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.email, email), eq(users.status, 'active')));
      return row ?? null;
    };

    const server = new SMTPServer({
      name: mailDomainOf(config),
      banner: 'Back-office mail',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: config.maxMailBytes,
      logger: false,
      onRcptTo(address, _session, callback) {
        lookup(address.address).then(
          (found) =>
            found
              ? callback()
              : callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`)),
          (err: Error) => callback(smtpError(451, `4.3.0 ${err.message}`)),
        );
      },
      onData(stream, session, callback) {
        simpleParser(stream, { skipImageLinks: true, skipTextLinks: true })
          .then(async (parsed) => {
            if ((stream as { sizeExceeded?: boolean }).sizeExceeded)
              throw smtpError(552, '5.3.4 Message too big');
            const recipients: Recipient[] = [];
            for (const rcpt of session.envelope.rcptTo) {
              const found = await lookup(rcpt.address);
              if (found && !recipients.some((r) => r.id === found.id)) recipients.push(found);
            }
            const from = addressList(parsed.from)[0] ?? {
              name: '',
              email: (session.envelope.mailFrom || { address: '' }).address.toLowerCase(),
            };
            const refs = parsed.references;
            await receiveMail(
              app,
              {
                from,
                to: addressList(parsed.to),
                cc: addressList(parsed.cc),
                subject: parsed.subject ?? '',
                html: parsed.html || undefined,
                text: parsed.text,
                messageId: parsed.messageId,
                inReplyTo: parsed.inReplyTo,
                references: Array.isArray(refs) ? refs : refs ? refs.split(/\s+/) : [],
                attachments: parsed.attachments.map((a) => ({
                  filename: a.filename ?? 'attachment',
                  contentType: a.contentType,
                  content: a.content,
                  cid: a.related || a.contentDisposition === 'inline' ? a.cid : undefined,
                })),
              },
              recipients,
            );
            callback();
          })
          .catch((err: Error & { responseCode?: number }) => {
            if (!err.responseCode) app.log.error({ err }, 'inbound mail failed');
            callback(err.responseCode ? err : smtpError(451, '4.3.0 Try again later'));
          });
      },
    });
    server.on('error', (err) => app.log.error({ err }, 'smtp listener error'));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.mailSmtp!.port, config.mailSmtp!.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.mailSmtpPort = (server.server.address() as AddressInfo).port;
    app.log.info({ port: app.mailSmtpPort }, 'mail listener ready');
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
  },
  { name: 'mail-listener' },
);
