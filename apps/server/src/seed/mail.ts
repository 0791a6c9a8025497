import { createHash } from 'node:crypto';
import { MAIL_LABEL_COLORS } from '@bo/contract/mail';
import { rebuildStorageUsage, seedFilePool } from './files.js';
import type { SeedStep } from './index.js';
import { KIND, lit } from './sql-gen.js';

/** What colleagues write to each other about. */
const SUBJECTS = [
  'Quarterly planning',
  'Budget for the spring campaign',
  'Customer escalation: late delivery',
  'Design review on Thursday',
  'New hire onboarding checklist',
  'Warehouse inventory count',
  'Invoice questions from Northwind',
  'Release notes draft',
  'Team offsite venue',
  'Security review findings',
  'Pricing page copy',
  'Support rota for December',
  'Dashboard numbers look off',
  'Contract renewal',
  'Travel booking for the conference',
  'Feedback on the mobile checkout',
];
const PARAGRAPHS = [
  'Thanks for the quick turnaround on this. I had a look this morning and I think we are nearly there.',
  'Could you check the figures in the attached sheet before Friday? Two of the totals do not match what finance sent.',
  'I spoke with the customer again. They are happy with the plan as long as we confirm the dates in writing.',
  'Let us keep the meeting short: fifteen minutes for the open points, then we decide.',
  'I have added my comments in the document. The main question is whether we ship before or after the holidays.',
  'Good news: the supplier agreed to the new terms, so we can go ahead with the order.',
  'No rush on this, but it would help to have an answer by the end of next week.',
  'Attaching the latest version. Changes since last time are highlighted in yellow.',
];
const OUTSIDE = [
  ['Olivia Grant', 'olivia.grant@northwind.example', 'Your order has shipped'],
  ['Billing team', 'billing@cloudhost.example', 'Invoice for November is available'],
  ['Marco Rossi', 'marco@rossi-design.example', 'Proposal for the new brochure'],
  ['Events desk', 'events@expo-centre.example', 'Your booth confirmation'],
  ['Priya Nair', 'priya@brightlegal.example', 'Contract draft for review'],
  ['Support', 'support@payflow.example', 'Payout report for last week'],
  ['Hana Sato', 'hana@sato-logistics.example', 'Delivery schedule update'],
  ['Newsletter', 'news@industry-weekly.example', 'This week in retail operations'],
] as const;
const LABELS = ['Work', 'Clients', 'Travel', 'Receipts'] as const;

const arr = (xs: readonly string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Mailboxes: conversations of three between the owner and a colleague (their message, the
 * owner's answer in sent, their reply), mail from outside (invoices, proposals with an
 * attachment from the seed pool, newsletters with remote images held back), some archived, in
 * the trash or spam, a few drafts, starred and important ones, and labels. The newest
 * administrator (the demo's and the benchmark's sign-in) holds `mailHeavy` messages; the others
 * share the rest. Counts and the label index are built from the rows at the end.
 */
export const mailSeedStep: SeedStep = {
  name: 'mail',
  tables: ['mail_messages', 'mail_message_labels', 'mail_attachments', 'mail_labels'],
  async run({ exec, gen, counts, now }) {
    const total = counts.mails;
    if (!total) return;
    const [admin] = await exec(
      `SELECT id FROM users WHERE role = 'admin' ORDER BY created_at DESC, id LIMIT 1`,
    );
    const heavy = admin ? Math.min(counts.mailHeavy, total) : 0;
    const people = Math.min(counts.users, counts.mailPeople);
    const per = Math.max(1, Math.ceil((total - heavy) / Math.max(1, people)));
    const labelled = Math.min(people, 1000);
    const adminId = admin ? lit(String(admin.id)) + '::uuid' : 'NULL::uuid';
    const span = Math.max(1, counts.spanDays) * 86_400;
    const pool = seedFilePool().filter((f) => f.category === 'image' || f.category === 'document');

    // Labels: the administrator's (ordinal 0) and the first thousand people's.
    await exec(`INSERT INTO mail_labels (id, owner_id, name, color, created_at)
SELECT ${gen.uid(KIND.mailLabel, 'o * 4 + j')}, CASE WHEN o = 0 THEN ${adminId} ELSE ${gen.uid(KIND.user, 'o')} END,
  (${arr(LABELS)})[j + 1], (${arr(MAIL_LABEL_COLORS)})[j + 1], ${lit(now.toISOString())}::timestamptz - interval '400 days'
FROM generate_series(${admin ? 0 : 1}, ${labelled}) AS o, generate_series(0, 3) AS j
ON CONFLICT DO NOTHING`);

    await exec('ALTER TABLE mail_messages DISABLE TRIGGER mail_messages_track');
    const CHUNK = 200_000;
    for (let first = 1; first <= total; first += CHUNK) {
      const last = Math.min(total, first + CHUNK - 1);
      await exec(`INSERT INTO mail_messages (id, owner_id, folder, thread_id, message_id, in_reply_to, refs,
  subject, body_html, snippet, from_name, from_email, "to", cc, label_ids, is_unread, is_starred,
  is_important, has_attachments, has_remote_images, search_text, created_at, updated_at)
SELECT id, owner_id, folder, thread_id, message_id, in_reply_to, refs, subject, body_html,
  left(body_text, 199) || CASE WHEN length(body_text) > 199 THEN '…' ELSE '' END,
  from_name, from_email, jsonb_build_array(jsonb_build_object('name', to_name, 'email', to_email)), '[]'::jsonb,
  CASE WHEN o <= ${labelled} AND ${gen.h('t', 9)} % 5 = 0 AND folder NOT IN ('drafts')
       THEN ARRAY[${gen.uid(KIND.mailLabel, `o * 4 + ${gen.h('t', 19)} % 4`)}] ELSE '{}'::uuid[] END,
  folder IN ('inbox', 'spam') AND ${gen.h('i', 6)} % 100 < 30,
  folder <> 'drafts' AND ${gen.h('i', 7)} % 100 < 8,
  folder <> 'drafts' AND ${gen.h('i', 8)} % 100 < 12,
  has_file, kind = 'news',
  lower(subject || ' ' || from_name || ' ' || from_email || ' ' || to_name || ' ' || to_email || ' ' || body_text),
  at, at
FROM (
  SELECT *, CASE
      WHEN kind = 'colleague' AND r = 1 THEN (CASE WHEN fate < 4 THEN 'drafts' ELSE 'sent' END)
      WHEN fate < 10 THEN 'archive'
      WHEN fate < 13 THEN 'trash'
      WHEN kind <> 'colleague' AND fate < 18 THEN 'spam'
      ELSE 'inbox' END AS folder,
    CASE WHEN kind = 'colleague' AND r = 1 THEN me_name ELSE sender_name END AS from_name,
    CASE WHEN kind = 'colleague' AND r = 1 THEN me_email ELSE sender_email END AS from_email,
    CASE WHEN kind = 'colleague' AND r = 1 THEN sender_name ELSE me_name END AS to_name,
    CASE WHEN kind = 'colleague' AND r = 1 THEN sender_email ELSE me_email END AS to_email,
    kind = 'outside' AND r = 0 AND ${gen.h('t', 12)} % 2 = 0 AS has_file,
    CASE WHEN r > 0 THEN 'Re: ' ELSE '' END || topic AS subject,
    '<p>' || p1 || '</p><p>' || p2 || '</p>' ||
      CASE WHEN kind = 'news' THEN '<p><img data-remote-src="https://news.industry-weekly.example/banner.png" alt="Banner"></p>' ELSE '' END ||
      '<p>' || split_part(sender_name, ' ', 1) || '</p>' AS body_html,
    p1 || ' ' || p2 AS body_text
  FROM (
    SELECT g.i, g.o, g.t, g.r, g.id, g.owner_id, g.thread_id, g.kind, g.fate, g.at,
      me.display_name AS me_name, me.email AS me_email,
      CASE WHEN g.kind = 'colleague' THEN cu.display_name ELSE (${arr(OUTSIDE.map((x) => x[0]))})[g.w] END AS sender_name,
      CASE WHEN g.kind = 'colleague' THEN cu.email ELSE (${arr(OUTSIDE.map((x) => x[1]))})[g.w] END AS sender_email,
      CASE WHEN g.kind = 'colleague' THEN (${arr(SUBJECTS)})[1 + ${gen.h('g.t', 5)} % ${SUBJECTS.length}]
           ELSE (${arr(OUTSIDE.map((x) => x[2]))})[g.w] END AS topic,
      (${arr(PARAGRAPHS)})[1 + ${gen.h('g.i', 14)} % ${PARAGRAPHS.length}] AS p1,
      (${arr(PARAGRAPHS)})[1 + ${gen.h('g.i', 15)} % ${PARAGRAPHS.length}] AS p2,
      '<seed-' || g.i || '@backoffice.local>' AS message_id,
      CASE WHEN g.r > 0 THEN '<seed-' || (g.i - 1) || '@backoffice.local>' END AS in_reply_to,
      CASE WHEN g.r = 2 THEN ARRAY['<seed-' || (g.i - 2) || '@backoffice.local>', '<seed-' || (g.i - 1) || '@backoffice.local>']
           WHEN g.r = 1 THEN ARRAY['<seed-' || (g.i - 1) || '@backoffice.local>'] ELSE '{}'::text[] END AS refs
    FROM (
      SELECT i, o, t, r, ${gen.uid(KIND.mail, 'i')} AS id,
        CASE WHEN o = 0 THEN ${adminId} ELSE ${gen.uid(KIND.user, 'o')} END AS owner_id,
        ${gen.uid(KIND.mailThread, 't')} AS thread_id,
        CASE WHEN ${gen.h('t', 1)} % 10 < 6 THEN 'colleague' WHEN ${gen.h('t', 1)} % 10 < 9 THEN 'outside' ELSE 'news' END AS kind,
        ${gen.h('t', 3)} % 100 AS fate,
        CASE WHEN ${gen.h('t', 1)} % 10 = 9 THEN ${OUTSIDE.length} ELSE 1 + ${gen.h('t', 2)} % ${OUTSIDE.length - 1} END AS w,
        ${gen.uid(KIND.user, `1 + ${gen.h('t', 4)} % ${Math.min(counts.users, 100_000)}`)} AS colleague,
        ${lit(now.toISOString())}::timestamptz - (${gen.h('t', 10)} % ${span}) * interval '1 second'
          + r * (1800 + ${gen.h('i', 11)} % 7200) * interval '1 second' AS at
      FROM (
        SELECT i, CASE WHEN i <= ${heavy} THEN 0 ELSE 1 + (i - ${heavy} - 1) / ${per} END AS o,
          (i + 2) / 3 AS t, (i - 1) % 3 AS r
        FROM generate_series(${first}, ${last}) AS i
      ) n
    ) g
    JOIN users me ON me.id = g.owner_id
    LEFT JOIN users cu ON cu.id = g.colleague
  ) x
  WHERE at <= ${lit(now.toISOString())}::timestamptz OR r = 0
) y`);
    }
    await exec('ALTER TABLE mail_messages ENABLE TRIGGER mail_messages_track');

    // Attachments from the seed pool (shared bytes, never deleted with a record).
    const names = arr(pool.map((f) => `${f.stem}.${f.ext}`));
    const mimes = arr(pool.map((f) => f.mime));
    const cats = arr(pool.map((f) => f.category));
    const keys = arr(pool.map((f) => f.key));
    const sums = arr(pool.map((f) => sha(f.bytes)));
    const sizes = `ARRAY[${pool.map((f) => f.bytes.length).join(',')}]`;
    await exec('DROP TABLE IF EXISTS seed_mail_files');
    await exec(`CREATE TABLE seed_mail_files AS
SELECT row_number() OVER (ORDER BY id) AS n, id AS mail_id, owner_id, created_at,
  1 + abs(hashtext(id::text)) % ${pool.length} AS p
FROM mail_messages WHERE has_attachments`);
    await exec('ALTER TABLE files DISABLE TRIGGER files_usage');
    await exec(`INSERT INTO files (id, owner_id, scope, name, mime, category, size, storage_key, checksum, created_at, updated_at)
SELECT ${gen.uid(KIND.mailFile, 'n')}, owner_id, 'mail', (${names})[p], (${mimes})[p], (${cats})[p], (${sizes})[p],
  (${keys})[p], (${sums})[p], created_at, created_at
FROM seed_mail_files`);
    await exec('ALTER TABLE files ENABLE TRIGGER files_usage');
    await exec(`INSERT INTO mail_attachments (mail_id, file_id, position)
SELECT mail_id, ${gen.uid(KIND.mailFile, 'n')}, 0 FROM seed_mail_files`);
    await exec('DROP TABLE seed_mail_files');
    await rebuildStorageUsage(exec);

    // The label index and the counts, from the rows (the trigger keeps them from here on).
    await exec(`INSERT INTO mail_message_labels (label_id, mail_id, created_at)
SELECT l, id, created_at FROM mail_messages, unnest(label_ids) AS l WHERE cardinality(label_ids) > 0
ON CONFLICT DO NOTHING`);
    await exec('DELETE FROM mail_counts');
    await exec(`INSERT INTO mail_counts (owner_id, key, total, unread)
SELECT m.owner_id, k, count(*)::int, count(*) FILTER (WHERE m.is_unread)::int
FROM mail_messages m, unnest(mail_count_keys(m.folder, m.is_starred, m.is_important, m.label_ids)) AS k
GROUP BY m.owner_id, k`);
  },
};
