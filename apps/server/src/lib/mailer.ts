import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema/core.js';
import type { JobQueue } from './jobs.js';

/** The job kind that takes a message from the outbox to SMTP (see modules/jobs/kinds.ts). */
export const MAIL_DELIVERY_JOB = 'mail-delivery';

export interface MailMessage {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A person's own mail: their address instead of MAIL_FROM (the envelope stays MAIL_FROM's). */
  from?: string;
  cc?: string;
  bcc?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

interface Transport {
  sendMail(message: Omit<MailMessage, 'from'> & { from: string }): Promise<unknown>;
}

const envelopeAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/**
 * Every message is written to the outbox first (nothing is lost if SMTP is down); with SMTP_URL a
 * `mail-delivery` job then takes it to SMTP, retried with backoff for hours; without it the
 * message stays there for an administrator to read (Administration → Audit → Outbox).
 */
export class Mailer {
  private transport?: Promise<Transport>;
  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl: string | undefined,
    private readonly jobs: JobQueue,
    dkim?: { domain: string; selector: string; privateKey: string },
  ) {
    if (smtpUrl) {
      // A server that accepts the connection and then says nothing must not hold a delivery
      // (and its job's lease) for nodemailer's default ten minutes.
      this.transport = import('nodemailer').then((m) =>
        m.default.createTransport(smtpUrl, {
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 30_000,
          // Signed for our domain (MAIL_DKIM_*), so receivers can tell our mail from a forgery.
          ...(dkim
            ? {
                dkim: {
                  domainName: dkim.domain,
                  keySelector: dkim.selector,
                  privateKey: dkim.privateKey,
                },
              }
            : {}),
        }),
      );
    }
  }

  get delivers(): boolean {
    return !!this.transport;
  }

  async send(message: MailMessage): Promise<void> {
    const [row] = await this.database.db
      .insert(outbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: (message.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content.toString('base64'),
        })),
        headers: Object.fromEntries(
          (['from', 'cc', 'bcc', 'messageId', 'inReplyTo', 'references'] as const)
            .filter((k) => message[k])
            .map((k) => [k, message[k]!]),
        ),
      })
      .returning({ id: outbox.id });
    if (!this.transport) {
      // The text may hold a sign-in or reset code: the log names the message, never its body.
      this.log.info({ outboxId: row!.id, subject: message.subject }, 'mail kept in outbox');
      return;
    }
    await this.jobs.send(MAIL_DELIVERY_JOB, { outboxId: row!.id });
  }

  /**
   * The `mail-delivery` job: sends one outbox message through SMTP and marks it sent. A message
   * already marked is not sent again (a retry after a worker died past this point); each attempt
   * is recorded on the message; a failure throws so the queue retries it.
   */
  async deliver(outboxId: string, attempt: { lastAttempt: boolean }): Promise<'sent' | 'already'> {
    const [row] = await this.database.db.select().from(outbox).where(eq(outbox.id, outboxId));
    if (!row) throw new Error(`outbox message ${outboxId} is gone`);
    if (row.sentAt) return 'already';
    if (!this.transport) throw new Error('SMTP_URL is not set on the instance that ran the job');
    const h = row.headers;
    const message = {
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      attachments: row.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content, 'base64'),
      })),
      ...(h.cc ? { cc: h.cc } : {}),
      ...(h.bcc ? { bcc: h.bcc } : {}),
      ...(h.messageId ? { messageId: h.messageId } : {}),
      ...(h.inReplyTo ? { inReplyTo: h.inReplyTo } : {}),
      ...(h.references ? { references: h.references } : {}),
    };
    const at = new Date();
    try {
      const transport = await this.transport;
      await transport.sendMail({
        ...message,
        from: h.from ?? this.from,
        ...(h.from
          ? {
              sender: this.from,
              envelope: {
                from: envelopeAddress(this.from),
                to: [row.to, h.cc, h.bcc].filter(Boolean).join(','),
              },
            }
          : {}),
      });
    } catch (err) {
      const error = (err as Error).message.slice(0, 1000);
      await this.database.db
        .update(outbox)
        .set({
          error,
          deliveries: sql`${outbox.deliveries} || ${JSON.stringify([{ at: at.toISOString(), error }])}::jsonb`,
          ...(attempt.lastAttempt ? { failedAt: new Date() } : {}),
        })
        .where(eq(outbox.id, outboxId));
      throw err;
    }
    await this.database.db
      .update(outbox)
      .set({
        sentAt: new Date(),
        deliveries: sql`${outbox.deliveries} || ${JSON.stringify([{ at: at.toISOString(), error: null }])}::jsonb`,
      })
      .where(eq(outbox.id, outboxId));
    return 'sent';
  }
}
