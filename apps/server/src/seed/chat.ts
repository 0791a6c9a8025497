import { createHash } from 'node:crypto';
import { rebuildStorageUsage, seedFilePool } from './files.js';
import type { SeedStep } from './index.js';
import { KIND, lit } from './sql-gen.js';

const LINES = [
  'Morning! Do you have a minute for the Q4 numbers?',
  'Sure, give me five minutes.',
  'The supplier confirmed Thursday for the delivery.',
  'Great news, thanks for chasing them.',
  'Can you review the pricing page before lunch?',
  'Done — two small comments in the doc.',
  'Customer call moved to 3 pm.',
  'Noted. I will send the agenda.',
  'The dashboard looks off for yesterday, can you check?',
  'Looking now. It was a timezone thing, fixed.',
  'Who is on support this weekend?',
  'Me on Saturday, Lena on Sunday.',
  'Shipping the release notes in ten minutes.',
  'Perfect 👍',
  'Lunch at the usual place?',
  'Yes! 12:30.',
];
const GROUPS = ['Launch team', 'Support rota', 'Design review', 'Warehouse', 'Finance', 'Offsite'];

const arr = (xs: readonly string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Conversations: one-to-one pairs (unique by construction: round r pairs person k with person
 * k + 1 + r) and groups of three to five, the newest administrator in a few of each; messages
 * alternate between the members, minutes apart, every tenth one a picture in the demo. Unread
 * counts, last read marks and each conversation's last message are written from the rows.
 */
export const chatSeedStep: SeedStep = {
  name: 'chat',
  tables: ['chat_conversations', 'chat_participants', 'chat_messages', 'chat_attachments'],
  async run({ exec, gen, counts, now }) {
    const total = counts.chatConversations;
    if (!total) return;
    const [admin] = await exec(
      `SELECT id FROM users WHERE role = 'admin' ORDER BY created_at DESC, id LIMIT 1`,
    );
    const people = Math.min(counts.users, 100_000);
    const per = Math.max(2, Math.round(counts.chatMessages / total));
    const adminId = admin ? `${lit(String(admin.id))}::uuid` : gen.uid(KIND.user, '1');
    const user = (e: string) =>
      gen.uid(KIND.user, `1 + ((${e}) % ${people} + ${people}) % ${people}`);
    const span = Math.max(1, counts.spanDays) * 86_400;

    // Members: conversation i, place j. Every fourth conversation is a group of 3–5; of the
    // rest, k numbers the one-to-one conversations. The administrator opens the first eight
    // one-to-ones and is in the first four groups.
    await exec('DROP TABLE IF EXISTS seed_chat_members');
    await exec(`CREATE UNLOGGED TABLE seed_chat_members AS
SELECT i, j, n, member FROM (
  SELECT i, n, j,
    CASE
      WHEN NOT grp AND j = 0 THEN CASE WHEN k < 8 THEN ${adminId} ELSE ${user('k')} END
      WHEN NOT grp THEN CASE WHEN k < 8 THEN ${user('k * 13')} ELSE ${user(`k + 1 + k / ${people}`)} END
      WHEN j = 0 AND i / 4 <= 4 THEN ${adminId}
      ELSE ${user(`${gen.h('i', 61)} + j * 97`)}
    END AS member
  FROM (
    SELECT i, i % 4 = 0 AS grp, i - 1 - i / 4 AS k,
      CASE WHEN i % 4 = 0 THEN 3 + ${gen.h('i', 62)} % 3 ELSE 2 END AS n
    FROM generate_series(1, ${total}) AS i
  ) c, LATERAL generate_series(0, n - 1) AS j
) m`);
    await exec(`INSERT INTO chat_conversations (id, type, name, owner_id, pair_key, created_at, updated_at)
SELECT ${gen.uid(KIND.chatConversation, 'i')},
  CASE WHEN i % 4 = 0 THEN 'GROUP' ELSE 'ONE_TO_ONE' END,
  CASE WHEN i % 4 = 0 THEN (${arr(GROUPS)})[1 + (i / 4) % ${GROUPS.length}] END,
  min(member::text) FILTER (WHERE j = 0)::uuid,
  CASE WHEN i % 4 <> 0 THEN min(member::text COLLATE "C") || '|' || max(member::text COLLATE "C") END,
  ${lit(now.toISOString())}::timestamptz - (${gen.h('i', 63)} % ${span} + ${(per + 1) * 900 + 86_400}) * interval '1 second',
  ${lit(now.toISOString())}::timestamptz
FROM seed_chat_members GROUP BY i`);
    await exec(`INSERT INTO chat_participants (conversation_id, user_id, joined_at)
SELECT DISTINCT ON (i, member) ${gen.uid(KIND.chatConversation, 'i')}, member, ${lit(now.toISOString())}::timestamptz - interval '400 days'
FROM seed_chat_members ORDER BY i, member, j`);

    // Messages: q-th of conversation i, sent by member q % n, minutes apart, ending in the last day.
    const msg = (e: string) => gen.uid(KIND.chatMessage, e);
    const CHUNK = 500_000;
    const rows = total * per;
    for (let first = 1; first <= rows; first += CHUNK) {
      const last = Math.min(rows, first + CHUNK - 1);
      await exec(`INSERT INTO chat_messages (id, conversation_id, sender_id, client_id, body, content_type, created_at)
SELECT ${msg('g.x')}, ${gen.uid(KIND.chatConversation, 'g.i')}, m.member, 'seed-' || g.x,
  (${arr(LINES)})[1 + (g.q + ${gen.h('g.i', 64)}) % ${LINES.length}], 'text',
  ${lit(now.toISOString())}::timestamptz - ((${per} - g.q) * 900 + ${gen.h('g.i', 65)} % 86400) * interval '1 second'
FROM (
  SELECT x, (x - 1) / ${per} + 1 AS i, (x - 1) % ${per} AS q FROM generate_series(${first}, ${last}) AS x
) g
JOIN seed_chat_members m ON m.i = g.i AND m.j = g.q % m.n`);
    }

    // Pictures in the demo: every tenth message of the first conversations, from the seed pool.
    if (rows <= 20_000) {
      const pool = seedFilePool().filter((f) => f.category === 'image');
      const pick = (field: (f: (typeof pool)[number]) => string | number) =>
        `(ARRAY[${pool.map((f) => (typeof field(f) === 'number' ? field(f) : lit(String(field(f))))).join(',')}])[1 + abs(hashtext(m.id::text)) % ${pool.length}]`;
      await exec('ALTER TABLE files DISABLE TRIGGER files_usage');
      await exec(`INSERT INTO files (id, owner_id, scope, name, mime, category, size, storage_key, checksum, created_at, updated_at)
SELECT ${gen.uid(KIND.chatFile, "('x' || right(replace(m.id::text, '-', ''), 12))::bit(48)::int8")}, m.sender_id, 'chat',
  ${pick((f) => `${f.stem}.${f.ext}`)}, ${pick((f) => f.mime)}, 'image', ${pick((f) => f.bytes.length)},
  ${pick((f) => f.key)}, ${pick((f) => sha(f.bytes))}, m.created_at, m.created_at
FROM chat_messages m WHERE m.client_id LIKE 'seed-%' AND right(m.client_id, 1) = '5'`);
      await exec('ALTER TABLE files ENABLE TRIGGER files_usage');
      await exec(`INSERT INTO chat_attachments (message_id, file_id, position)
SELECT m.id, ${gen.uid(KIND.chatFile, "('x' || right(replace(m.id::text, '-', ''), 12))::bit(48)::int8")}, 0
FROM chat_messages m WHERE m.client_id LIKE 'seed-%' AND right(m.client_id, 1) = '5'`);
      await exec(`UPDATE chat_messages SET content_type = 'image', body = ''
WHERE client_id LIKE 'seed-%' AND right(client_id, 1) = '5'`);
      await rebuildStorageUsage(exec);
    }

    // Each conversation's last message; everyone has read all but the last two of the
    // administrator's first conversations (something to open in the demo).
    await exec(`UPDATE chat_conversations c SET last_message_id = ${msg(`(x.i - 1) * ${per} + ${per}`)},
  updated_at = (SELECT created_at FROM chat_messages WHERE id = ${msg(`(x.i - 1) * ${per} + ${per}`)})
FROM (SELECT i FROM generate_series(1, ${total}) AS i) x WHERE c.id = ${gen.uid(KIND.chatConversation, 'x.i')}`);
    await exec(`UPDATE chat_participants p SET last_read_message_id = c.last_message_id
FROM chat_conversations c WHERE c.id = p.conversation_id`);
    await exec(`UPDATE chat_participants p SET unread = 2,
  last_read_message_id = ${msg(`(x.i - 1) * ${per} + ${per - 2}`)}
FROM (SELECT i FROM generate_series(1, 6) AS i) x
WHERE p.conversation_id = ${gen.uid(KIND.chatConversation, 'x.i')} AND p.user_id = ${adminId}
  AND ${per} > 2`);
    await exec('DROP TABLE seed_chat_members');
  },
};
