import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema/core.js';

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
 * Every message is written to the outbox first (nothing is lost if SMTP is down); with
 * SMTP_URL it is then sent and marked, otherwise it stays there and is logged for local use.
 */
export class Mailer {
  private transport?: Promise<Transport>;
  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl?: string,
  ) {
    if (smtpUrl) {
      this.transport = import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
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
      this.log.info(
        { to: message.to, subject: message.subject, text: message.text },
        'mail kept in outbox',
      );
      return;
    }
    try {
      const transport = await this.transport;
      await transport.sendMail({
        ...message,
        from: message.from ?? this.from,
        ...(message.from
          ? {
              sender: this.from,
              envelope: {
                from: envelopeAddress(this.from),
                to: [message.to, message.cc, message.bcc].filter(Boolean).join(','),
              },
            }
          : {}),
      });
      await this.database.db
        .update(outbox)
        .set({ sentAt: new Date() })
        .where(eq(outbox.id, row!.id));
    } catch (err) {
      this.log.error({ err, to: message.to }, 'mail delivery failed; kept in outbox');
      await this.database.db
        .update(outbox)
        .set({ error: (err as Error).message })
        .where(eq(outbox.id, row!.id));
    }
  }
}
