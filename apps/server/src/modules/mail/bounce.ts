/**
 * When outside delivery of a person's mail gives up (the job's last attempt failed), the person
 * finds a delivery-failure notice in their inbox, in their language, in the thread of the
 * message that was not delivered. The product's own mail (codes, reminders) has no person to
 * tell: its failure stays on the outbox row for the administrator.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { outbox, users } from '../../db/schema/index.js';
import { bounceMail, mailLang } from '../../lib/account-mails.js';
import { mailDomainOf, receiveMail } from './smtp.js';

const addressOf = (value: string) => (/<([^>]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();

export async function bounceToSender(app: FastifyInstance, outboxId: string): Promise<boolean> {
  const { db, config } = app.services;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
  if (!row?.headers.from || row.sentAt) return false;
  const email = addressOf(row.headers.from);
  const [person] = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, 'active')));
  if (!person) return false;
  const to = [row.to, row.headers.cc, row.headers.bcc].filter(Boolean).join(', ');
  const notice = bounceMail(mailLang(person.locale), {
    to,
    subject: row.subject,
    attempts: row.deliveries.length,
    error: row.error ?? '',
  });
  const messageId = row.headers.messageId;
  const ids = await receiveMail(
    app,
    {
      from: { name: notice.from, email: `mailer-daemon@${mailDomainOf(config)}` },
      to: [{ name: '', email: person.email }],
      cc: [],
      subject: notice.subject,
      text: notice.text,
      ...(messageId ? { inReplyTo: messageId } : {}),
      references: [],
      attachments: [],
    },
    [{ id: person.id, email: person.email }],
  );
  return ids.length > 0;
}
