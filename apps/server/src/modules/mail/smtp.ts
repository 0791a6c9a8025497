import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AddressObject } from 'mailparser';
import fp from 'fastify-plugin';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAIL_EVENTS } from '@bo/contract/mail';
import type { SMTPServerOptions } from 'smtp-server';
import type { AppConfig, MailInboundConfig } from '../../config.js';
import { files, users } from '../../db/schema/core.js';
import {
  mailAttachments,
  mailMessages,
  type StoredAddress,
  type StoredMailAuth,
} from '../../db/schema/messaging.js';
import { htmlToText, sanitizeMailHtml, textToHtml } from '../../lib/html.js';
import { categoryOf } from '../../lib/storage/index.js';
import { rows } from '../../db/rows.js';
import { attachmentUrl, newMessageId, notifyNewMail, threadOf } from './queries.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbound SMTP listener's port, once listening (MAIL_SMTP_PORT set). */
    mailSmtpPort: number | null;
    /** The implicit-TLS listener's port (MAIL_SMTP_SECURE_PORT with MAIL_TLS_CERT/KEY). */
    mailSmtpSecurePort: number | null;
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
  /** What checking the sender found (mail from outside only). */
  auth?: StoredMailAuth;
  /** Where it is filed: the inbox unless the sender could not be trusted (spam). */
  folder?: 'inbox' | 'spam';
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
            folder: mail.folder ?? 'inbox',
            // "Not spam" puts it back in the inbox.
            previousFolder: mail.folder === 'spam' ? 'inbox' : null,
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
            auth: mail.auth ?? null,
            searchText,
          })
          .returning({ id: mailMessages.id });
        inserted.push(row!.id);
        // Mail filed as spam stays quiet.
        if ((mail.folder ?? 'inbox') === 'inbox')
          await notifyNewMail(tx, {
            ownerId: r.id,
            mailId: row!.id,
            subject: mail.subject.slice(0, 998),
            from: mail.from.name || mail.from.email,
          });
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
    .map((a) => ({ name: stripNul(a.name ?? ''), email: stripNul(a.address!.toLowerCase()) }));

// eslint-disable-next-line no-control-regex
const stripNul = (v: string) => v.replace(/\u0000/g, '');

/** The listener's settings, the defaults filled in (config.mailInbound overrides). */
export function inboundSettings(config: AppConfig): MailInboundConfig {
  return {
    maxConnections: 10,
    perMinute: 100,
    perRecipientMinute: 60,
    maxRecipients: 50,
    unknownDelayMs: 1000,
    maxUnknown: 3,
    dmarcReject: false,
    authTimeoutMs: 10_000,
    ...config.mailInbound,
  };
}

/** Counts of events in the last minute, per key (client address, recipient); per instance. */
class MinuteCounter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly limit: number) {}
  /** Whether `key` had its limit this minute. */
  full(key: string, now = Date.now()): boolean {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < 60_000);
    this.hits.set(key, recent);
    return recent.length >= this.limit;
  }
  /** Records one event for `key`; false (nothing recorded) when the minute is full. */
  take(key: string, now = Date.now()): boolean {
    if (this.full(key, now)) return false;
    this.hits.get(key)!.push(now);
    if (this.hits.size > 10_000)
      for (const [k, v] of this.hits) if (!v.some((t) => now - t < 60_000)) this.hits.delete(k);
    return true;
  }
}

const domainOf = (email: string) => (email.split('@')[1] ?? '').toLowerCase();

/** The best of several results (pass first), or `none`. */
const bestOf = (results: string[]) =>
  ['pass', 'fail', 'softfail', 'neutral', 'policy', 'temperror', 'permerror'].find((r) =>
    results.includes(r),
  ) ??
  (results[0] || 'none');

/**
 * SPF, DKIM, DMARC and ARC of one message (mailauth), and the verdict: `spoofed` when From
 * names one of our domains and no signature of ours verified (whatever SPF or DMARC say, and
 * also when DNS cannot be reached); `pass` when DMARC passed or a DKIM signature of the From
 * domain verified; `fail` when DMARC failed; otherwise `none`. DNS failures or a timeout leave
 * `temperror` results (never a pass).
 */
export async function checkSender(
  raw: Buffer,
  envelope: { ip: string; helo: string; sender: string; headerFrom: string },
  ours: string[],
  settings: MailInboundConfig,
  mta: string,
): Promise<{ auth: StoredMailAuth; spam: boolean; reject: boolean }> {
  const { authenticate } = await import('mailauth');
  type Result = Awaited<ReturnType<typeof authenticate>>;
  let timer: NodeJS.Timeout | undefined;
  const result: Result | null = await Promise.race([
    authenticate(raw, {
      ip: envelope.ip,
      helo: envelope.helo,
      sender: envelope.sender,
      mta,
      disableBimi: true,
      ...(settings.resolver
        ? {
            resolver: settings.resolver as NonNullable<
              Parameters<typeof authenticate>[1]
            >['resolver'],
          }
        : {}),
    }).catch(() => null),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), settings.authTimeoutMs);
    }),
  ]);
  clearTimeout(timer);
  const fromDomain = domainOf(envelope.headerFrom);
  const dkimRows = result?.dkim?.results ?? [];
  const signedBy = [
    ...new Set(
      dkimRows
        .filter((r) => r.status?.result === 'pass' && r.signingDomain)
        .map((r) => r.signingDomain!.toLowerCase()),
    ),
  ];
  const spf = result ? (result.spf ? result.spf.status.result : 'none') : 'temperror';
  const dkim = result ? bestOf(dkimRows.map((r) => r.status?.result ?? 'none')) : 'temperror';
  const dmarc = result ? (result.dmarc ? result.dmarc.status.result : 'none') : 'temperror';
  const arc = result ? (result.arc ? result.arc.status.result : 'none') : 'temperror';
  const policy = result?.dmarc ? (result.dmarc as { policy?: string }).policy : undefined;
  const ourDomain = ours.includes(fromDomain);
  const verdict: StoredMailAuth['verdict'] =
    ourDomain && !signedBy.some((d) => ours.includes(d))
      ? 'spoofed'
      : dmarc === 'pass' || signedBy.includes(fromDomain)
        ? 'pass'
        : dmarc === 'fail'
          ? 'fail'
          : 'none';
  const refused = verdict === 'spoofed' || (verdict === 'fail' && policy === 'reject');
  const details = (result?.headers ?? '')
    .split(/\r?\n(?=\S)/)
    .filter((h) => /^(Authentication-Results|Received-SPF):/i.test(h))
    .join('\n')
    .replace(/\r?\n\s+/g, ' ')
    .slice(0, 2000);
  return {
    auth: {
      external: true,
      verdict,
      spf,
      dkim,
      dmarc,
      arc,
      signedBy,
      details: details || `dns=${result ? 'ok' : 'unreachable'}`,
    },
    spam: verdict === 'spoofed' || (verdict === 'fail' && policy !== 'none'),
    reject: settings.dmarcReject && refused,
  };
}

/**
 * Room left in a person's file quota, measured as uploads measure it (files/queries.ts
 * `usedBytes` + `reservedBytes`): the bytes kept plus what uploads in progress hold.
 */
async function quotaLeft(app: FastifyInstance, userId: string): Promise<number> {
  const { db, config } = app.services;
  const [r] = await rows<{ used: string | null; held: string | null }>(
    db,
    sql`SELECT (SELECT sum(bytes) FROM storage_usage WHERE owner_id = ${userId}) AS used,
      (SELECT sum(coalesce(length, ${config.maxFileBytes})) FROM file_uploads
        WHERE owner_id = ${userId}) AS held`,
  );
  return config.storageQuotaBytes - Number(r?.used ?? 0) - Number(r?.held ?? 0);
}

interface SessionState {
  unknown: number;
  counted: boolean;
}

/**
 * The optional inbound listener (MAIL_SMTP_PORT): accepts mail for the people of MAIL_DOMAINS,
 * never relays, has no AUTH. Every message is checked (SPF, DKIM, DMARC, ARC) and keeps the
 * results; spoofed or failing mail goes to spam (or is refused, MAIL_DMARC_REJECT). Limits:
 * connections and messages a minute per client address, messages a minute per recipient,
 * recipients per message, MAX_MAIL_MB; unknown recipients answered after a growing delay and
 * the session ended after MAIL_SMTP_MAX_UNKNOWN of them; VRFY/EXPN off; attachments count to
 * each recipient's file quota (552); a raw NUL is refused with 554. docs/mail.md.
 */
export const mailListenerPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app.services;
    app.decorate('mailSmtpPort', null);
    app.decorate('mailSmtpSecurePort', null);
    if (!config.mailSmtp) return;
    const settings = inboundSettings(config);
    const ours = config.mailDomains;
    const mta = mailDomainOf(config);
    const [{ SMTPServer }, { simpleParser }] = await Promise.all([
      import('smtp-server'),
      import('mailparser'),
    ]);
    const connections = new Map<string, number>();
    const perAddress = new MinuteCounter(settings.perMinute);
    const perRecipient = new MinuteCounter(settings.perRecipientMinute);
    const states = new WeakMap<object, SessionState>();
    const stateOf = (session: object) => {
      let s = states.get(session);
      if (!s) states.set(session, (s = { unknown: 0, counted: false }));
      return s;
    };

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

    const options: SMTPServerOptions = {
      name: mta,
      banner: 'Back-office mail',
      authOptional: true,
      disabledCommands: ['AUTH', 'VRFY', 'EXPN', ...(settings.tls ? [] : ['STARTTLS'])],
      ...(settings.tls ? { key: settings.tls.key, cert: settings.tls.cert } : {}),
      size: config.maxMailBytes,
      logger: false,
      onConnect(session, callback) {
        const ip = session.remoteAddress;
        const n = connections.get(ip) ?? 0;
        if (n >= settings.maxConnections)
          return callback(smtpError(421, '4.7.0 Too many connections from your address'));
        connections.set(ip, n + 1);
        stateOf(session).counted = true;
        callback();
      },
      onClose(session) {
        const state = states.get(session);
        if (!state?.counted) return;
        state.counted = false;
        const ip = session.remoteAddress;
        const n = (connections.get(ip) ?? 1) - 1;
        if (n > 0) connections.set(ip, n);
        else connections.delete(ip);
      },
      onMailFrom(_address, session, callback) {
        if (!perAddress.take(session.remoteAddress))
          return callback(smtpError(451, '4.7.1 Too many messages from your address, try later'));
        callback();
      },
      onRcptTo(address, session, callback) {
        if (session.envelope.rcptTo.length >= settings.maxRecipients)
          return callback(smtpError(452, '4.5.3 Too many recipients'));
        lookup(address.address).then(
          (found) => {
            if (found) {
              if (perRecipient.full(found.id))
                return callback(
                  smtpError(451, '4.7.1 Too much mail for this recipient, try later'),
                );
              return callback();
            }
            const state = stateOf(session);
            state.unknown += 1;
            setTimeout(() => {
              if (state.unknown > settings.maxUnknown)
                callback(smtpError(421, '4.7.0 Too many unknown recipients, closing'));
              else callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`));
            }, settings.unknownDelayMs * state.unknown);
          },
          (err: Error) => callback(smtpError(451, `4.3.0 ${err.message}`)),
        );
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', (err) => callback(err));
        stream.on('end', () => {
          handle(Buffer.concat(chunks))
            .then(() => callback())
            .catch((err: Error & { responseCode?: number }) => {
              if (!err.responseCode) app.log.error({ err }, 'inbound mail failed');
              callback(err.responseCode ? err : smtpError(451, '4.3.0 Try again later'));
            });
        });
        const handle = async (raw: Buffer) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded)
            throw smtpError(552, '5.3.4 Message too big');
          if (raw.includes(0)) throw smtpError(554, '5.6.0 NUL characters are not allowed in mail');
          const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
          const recipients: Recipient[] = [];
          for (const rcpt of session.envelope.rcptTo) {
            const found = await lookup(rcpt.address);
            if (found && !recipients.some((r) => r.id === found.id)) recipients.push(found);
          }
          const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const from = addressList(parsed.from)[0] ?? { name: '', email: sender.toLowerCase() };
          const checked = await checkSender(
            raw,
            {
              ip: session.remoteAddress,
              helo: session.hostNameAppearsAs,
              sender,
              headerFrom: from.email,
            },
            ours,
            settings,
            mta,
          );
          if (checked.reject)
            throw smtpError(550, '5.7.1 The sender could not be verified for the From domain');
          // Attachments count to each recipient's file quota; over it, nothing is stored.
          const bytes = parsed.attachments.reduce((sum, a) => sum + a.content.length, 0);
          if (bytes > 0)
            for (const r of recipients)
              if ((await quotaLeft(app, r.id)) < bytes)
                throw smtpError(
                  552,
                  "5.2.2 Mailbox full: the recipient's storage quota is used up",
                );
          const refs = parsed.references;
          for (const r of recipients) perRecipient.take(r.id);
          await receiveMail(
            app,
            {
              from,
              to: addressList(parsed.to),
              cc: addressList(parsed.cc),
              subject: stripNul(parsed.subject ?? ''),
              html: parsed.html ? stripNul(parsed.html) : undefined,
              text: parsed.text !== undefined ? stripNul(parsed.text) : undefined,
              messageId: parsed.messageId ? stripNul(parsed.messageId) : undefined,
              inReplyTo: parsed.inReplyTo ? stripNul(parsed.inReplyTo) : undefined,
              references: (Array.isArray(refs) ? refs : refs ? refs.split(/\s+/) : []).map(
                stripNul,
              ),
              attachments: parsed.attachments.map((a) => ({
                filename: stripNul(a.filename ?? 'attachment'),
                contentType: a.contentType,
                content: a.content,
                cid: a.related || a.contentDisposition === 'inline' ? a.cid : undefined,
              })),
              auth: checked.auth,
              folder: checked.spam ? 'spam' : 'inbox',
            },
            recipients,
          );
        };
      },
    };

    const servers: InstanceType<typeof SMTPServer>[] = [];
    const start = async (port: number, secure: boolean) => {
      const server = new SMTPServer({ ...options, secure });
      server.on('error', (err) => app.log.error({ err }, 'smtp listener error'));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, config.mailSmtp!.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      servers.push(server);
      return (server.server.address() as AddressInfo).port;
    };
    app.addHook(
      'onClose',
      () =>
        new Promise<void>((resolve) => {
          let left = servers.length;
          if (!left) resolve();
          for (const s of servers) s.close(() => --left || resolve());
        }),
    );
    app.mailSmtpPort = await start(config.mailSmtp.port, false);
    if (settings.tls?.securePort !== undefined)
      app.mailSmtpSecurePort = await start(settings.tls.securePort, true);
    app.log.info({ port: app.mailSmtpPort }, 'mail listener ready');
  },
  { name: 'mail-listener' },
);
