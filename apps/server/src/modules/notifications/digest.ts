import { sql } from 'drizzle-orm';
import type { NotificationType } from '@bo/contract/notifications';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { Mailer } from '../../lib/mailer.js';

interface Pending {
  type: string;
  title: string;
  body: string;
  link: string;
  created_at: Date | string;
  actor: string | null;
}

/** An event's start as the mail says it (the mail knows no time zone of the reader). */
const utc = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** One line of the digest per notification (mails are written in English, like the codes). */
const SENTENCES: Record<NotificationType, (n: Pending) => string> = {
  'order.created': (n) => `New order ${n.title}${n.body ? ` from ${n.body}` : ''}`,
  'order.status': (n) => `Your order ${n.title} is now ${n.body}`,
  'kanban.assigned': (n) => `${n.actor ?? 'Someone'} assigned you to the card "${n.title}"`,
  'kanban.comment': (n) => `${n.actor ?? 'Someone'} commented on the card "${n.title}"`,
  'calendar.invited': (n) => `${n.actor ?? 'Someone'} invited you to "${n.title}" (${utc(n.body)})`,
  'calendar.starting': (n) => `"${n.title}" starts soon (${utc(n.body)})`,
  'calendar.response': (n) =>
    `${n.actor ?? 'Someone'} answered "${n.title}": ${n.body === 'tentative' ? 'maybe' : n.body}`,
  'chat.reopened': (n) =>
    `${n.actor ?? 'Someone'} wrote in a conversation you had closed${n.body ? `: ${n.body}` : ''}`,
  mention: (n) => `${n.actor ?? 'Someone'} mentioned you in "${n.title}"`,
  'invoice.paid': (n) => `Invoice ${n.title} is paid`,
  'invoice.overdue': (n) => `Invoice ${n.title} is overdue`,
  'registration.pending': (n) => `${n.title} registered and waits for approval`,
  'signin.new_device': () => 'Your account was signed in to from a new device',
  'mail.received': (n) => `New mail from ${n.body || 'someone'}: "${n.title}"`,
  'files.shared': (n) => `${n.actor ?? 'Someone'} shared "${n.title}" with you`,
  'chat.added': (n) =>
    `${n.actor ?? 'Someone'} added you to ${n.title ? `the group "${n.title}"` : 'a group'}`,
  'blog.reply': (n) => `${n.actor ?? 'Someone'} replied to your comment on "${n.title}"`,
  'account.approved': () => 'Your account was approved',
  'export.ready': (n) => `Your export ${n.title} is ready (${n.body} rows) in My exports`,
  'import.done': (n) => `Your import ${n.title} is done (${importCounts(n.body)})`,
};

/** An import's counts (the notification's JSON body) as words; the body as it is if it is not. */
function importCounts(body: string): string {
  try {
    const c = JSON.parse(body) as Record<string, number>;
    return ['created', 'updated', 'unchanged', 'skipped', 'refused']
      .map((k) => `${c[k] ?? 0} ${k}`)
      .join(', ');
  } catch {
    return body;
  }
}

const sentence = (n: Pending) =>
  SENTENCES[n.type as NotificationType]?.(n) ?? `${n.title}${n.body ? `: ${n.body}` : ''}`;

/**
 * Mails each person who asked for it (notification setting `emailDigest`) one message listing
 * their unread notifications that no digest has listed yet. The notifications are claimed
 * (`mailed_at`) in one statement, so two instances running this at once never mail the same
 * ones twice; if the mail cannot be queued, the claim is undone for the next run.
 */
export async function sendNotificationDigests(
  database: Database,
  mailer: Mailer,
  options: { publicUrl?: string } = {},
): Promise<{ sent: number; notifications: number }> {
  const people = await rows<{ id: string; email: string; display_name: string }>(
    database.db,
    sql`SELECT u.id, u.email, u.display_name FROM users u
         WHERE u.status = 'active'
           AND coalesce((u.notification_prefs ->> 'emailDigest')::boolean, false)
           AND EXISTS (SELECT 1 FROM notifications n
                        WHERE n.recipient_id = u.id AND n.read_at IS NULL
                          AND n.archived_at IS NULL AND n.mailed_at IS NULL)`,
  );
  const base = (options.publicUrl ?? '').replace(/\/$/, '');
  let sent = 0;
  let listed = 0;
  for (const person of people) {
    const claimed = await rows<Pending & { id: string }>(
      database.db,
      sql`WITH claimed AS (
            UPDATE notifications SET mailed_at = now()
             WHERE recipient_id = ${person.id} AND read_at IS NULL AND archived_at IS NULL
               AND mailed_at IS NULL
            RETURNING id, type, title, body, link, created_at, actor_id)
          SELECT c.id, c.type, c.title, c.body, c.link, c.created_at, a.display_name AS actor
            FROM claimed c LEFT JOIN users a ON a.id = c.actor_id
           ORDER BY c.created_at DESC`,
    );
    if (!claimed.length) continue;
    const lines = claimed.map((n) => `- ${sentence(n)}\n  ${base}${n.link}`);
    const count = claimed.length;
    try {
      await mailer.send({
        to: person.email,
        subject: `${count} unread notification${count === 1 ? '' : 's'}`,
        text: [
          `Hello ${person.display_name},`,
          '',
          `You have ${count} unread notification${count === 1 ? '' : 's'}:`,
          '',
          ...lines,
          '',
          'Turn this mail off under Account → Notifications.',
        ].join('\n'),
      });
      sent++;
      listed += count;
    } catch (err) {
      await database.query(`UPDATE notifications SET mailed_at = NULL WHERE id = ANY($1::uuid[])`, [
        claimed.map((n) => n.id),
      ]);
      throw err;
    }
  }
  return { sent, notifications: listed };
}
