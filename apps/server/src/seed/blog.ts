import { COVER_POOL } from './images.js';
import type { SeedStep } from './index.js';
import { KIND, lit } from './sql-gen.js';

/** What the company writes about; a title is a topic in one of the angles. */
const TOPICS = [
  'Remote onboarding',
  'Our design system',
  'Quarterly planning',
  'Customer support',
  'Database migrations',
  'Accessibility',
  'The new warehouse',
  'Pricing changes',
  'Security reviews',
  'Hiring engineers',
  'Product analytics',
  'Release trains',
  'Mobile checkout',
  'Green hosting',
  'Team offsites',
  'Invoice automation',
  'Dark mode',
  'Right-to-left layouts',
];
const ANGLES = [
  'What we learned from',
  'A practical guide to',
  'Five lessons on',
  'Behind the scenes of',
  'How we rethought',
  'Looking back at',
];
const PARAGRAPHS = [
  'We started with a simple question: what would make the daily work of our staff easier? The answers surprised us, and they changed the plan.',
  'The first version took two weeks. The second took two days, because we had finally written down what everybody already knew.',
  'Numbers matter, but so do the stories behind them. We talked to twelve colleagues before changing a single screen.',
  'Not everything worked. We rolled back one change within an hour, and the post-mortem taught us more than the launch did.',
  'If you want to try this in your own team, start small: one process, one owner, one measure of success.',
  'Thanks to everyone who sent feedback. Keep it coming in the comments below.',
];
const COMMENTS = [
  'Great write-up, thanks for sharing!',
  'We tried something similar last year. The hardest part was getting everyone on board.',
  'Could you share the checklist you mentioned?',
  'This matches what I see in support tickets every week.',
  'Very clear. Looking forward to the next part.',
  'How long did the rollout take in the end?',
  'Bookmarking this for our next planning session.',
  'Interesting, but I would love to see the numbers behind it.',
];
const REPLIES = [
  'Good question, I will add it to the post.',
  'About three weeks, including the pilot.',
  'Agreed, and thanks for the kind words!',
  'Sure, I will send it over in the team channel.',
];
const TAGS = ['engineering', 'design', 'culture', 'product', 'operations', 'security', 'news'];

const arr = (xs: readonly string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;

/**
 * Blog posts in every state (mostly published over the span, a tenth drafts, a few scheduled),
 * each with a cover from the seed pictures, threaded comments (every third one a reply), likes
 * and views. Counters are computed from the rows. Written in SQL so the large scale (100,000
 * posts, 2,000,000 comments) loads in one pass.
 */
export const blogSeedStep: SeedStep = {
  name: 'blog',
  tables: ['blog_posts', 'blog_comments', 'blog_likes', 'blog_revisions'],
  async run({ exec, gen, counts, now }) {
    const posts = counts.blogPosts;
    if (!posts) return;
    const people = Math.min(counts.users, 100_000);
    const writers = Math.min(people, 40);
    const [admin] = await exec(
      `SELECT id FROM users WHERE role = 'admin' ORDER BY created_at DESC, id LIMIT 1`,
    );
    const p = 'g.i';
    const h = (k: number, i = p) => gen.h(i, k);
    const title = `((${arr(ANGLES)})[1 + (${p} / ${TOPICS.length}) % ${ANGLES.length}] || ' ' || lower((${arr(TOPICS)})[1 + ${p} % ${TOPICS.length}]) || CASE WHEN ${p} > ${TOPICS.length * ANGLES.length} THEN ' (' || ${p} || ')' ELSE '' END)`;
    const span = counts.historyDays * 86_400;
    // 1 in 10 a draft, 1 in 25 scheduled in the next fortnight, the rest published over the span.
    const state = `(CASE WHEN ${h(81)} % 10 = 0 THEN 'draft' WHEN ${h(81)} % 25 = 1 THEN 'scheduled' ELSE 'published' END)`;
    const at = `(${lit(now.toISOString())}::timestamptz - (${h(82)} % ${span}) * interval '1 second')`;
    const ahead = `(${lit(now.toISOString())}::timestamptz + (3600 + ${h(83)} % 1209600) * interval '1 second')`;
    const author = admin
      ? `CASE WHEN ${p} % 7 = 0 THEN ${lit(String(admin.id))}::uuid ELSE ${gen.uid(KIND.user, `1 + ${h(84)} % ${writers}`)} END`
      : gen.uid(KIND.user, `1 + ${h(84)} % ${writers}`);
    const content = `'<p>' || (${arr(PARAGRAPHS)})[1 + ${h(85)} % ${PARAGRAPHS.length}] || '</p><h2>Where we started</h2><p>' || (${arr(PARAGRAPHS)})[1 + ${h(86)} % ${PARAGRAPHS.length}] || '</p><blockquote><p>' || (${arr(PARAGRAPHS)})[1 + ${h(87)} % ${PARAGRAPHS.length}] || '</p></blockquote><ul><li>Start small</li><li>Measure</li><li>Share what you learn</li></ul><p>' || (${arr(PARAGRAPHS)})[1 + ${h(88)} % ${PARAGRAPHS.length}] || '</p>'`;
    await exec(`INSERT INTO blog_posts (id, slug, title, description, content, cover_url, cover_alt, tags,
  author_id, status, published_at, allow_comments, meta_title, meta_description, meta_keywords,
  views, likes, comments, reading_minutes, dated_at, created_at, updated_at)
SELECT id, slug, title, description, content, cover_url, cover_alt, tags, author_id,
  CASE WHEN st = 'draft' THEN 'draft' ELSE 'published' END,
  CASE WHEN st = 'draft' THEN NULL WHEN st = 'scheduled' THEN ahead ELSE at END,
  allow_comments, title, description, tags, CASE WHEN st = 'published' THEN views ELSE 0 END,
  0, 0, 2,
  CASE WHEN st = 'draft' THEN at WHEN st = 'scheduled' THEN ahead ELSE at END, at, at
FROM (
  SELECT ${gen.uid(KIND.blogPost, p)} AS id,
    trim(both '-' from regexp_replace(lower(${title}), '[^a-z0-9]+', '-', 'g')) AS slug,
    ${title} AS title,
    'Notes from the team on ' || lower((${arr(TOPICS)})[1 + ${p} % ${TOPICS.length}]) || ': what changed, why, and what comes next.' AS description,
    ${content} AS content,
    '/uploads/seed-cover-' || (${p} % ${COVER_POOL}) || '.svg' AS cover_url,
    (${arr(TOPICS)})[1 + ${p} % ${TOPICS.length}] AS cover_alt,
    ARRAY[(${arr(TAGS)})[1 + ${h(89)} % ${TAGS.length}], (${arr(TAGS)})[1 + ${h(90)} % ${TAGS.length}]] AS tags,
    ${author} AS author_id, ${state} AS st, ${at} AS at, ${ahead} AS ahead,
    (${h(91)} % 12 <> 0) AS allow_comments, ${h(92)} % 2000 AS views
  FROM generate_series(1, ${posts}) AS g(i)
) s`);
    // Duplicate tag pairs collapse to one.
    await exec(`UPDATE blog_posts SET tags = ARRAY[tags[1]] WHERE tags[1] = tags[2]`);

    const perPost = Math.max(1, Math.round(counts.blogComments / posts));
    const c = 'c.j';
    const commentId = (j: string) => gen.uid(KIND.blogComment, `(p.i - 1) * ${2 * perPost} + ${j}`);
    // Comment j of a post; j ≡ 2 (mod 3) replies to comment j - 1. Posts get 1..2×perPost.
    await exec(`INSERT INTO blog_comments (id, post_id, parent_id, author_id, message, created_at, updated_at)
SELECT ${commentId(c)}, ${gen.uid(KIND.blogPost, 'p.i')},
  CASE WHEN ${c} % 3 = 2 THEN ${commentId(`${c} - 1`)} END,
  ${gen.uid(KIND.user, `1 + ${gen.h(`p.i * 31 + ${c}`, 93)} % ${people}`)},
  CASE WHEN ${c} % 3 = 2 THEN (${arr(REPLIES)})[1 + ${gen.h(`p.i * 31 + ${c}`, 94)} % ${REPLIES.length}]
       ELSE (${arr(COMMENTS)})[1 + ${gen.h(`p.i * 31 + ${c}`, 94)} % ${COMMENTS.length}] END,
  bp.published_at + (${c} * 3600 + ${gen.h(`p.i * 31 + ${c}`, 95)} % 3600) * interval '1 second',
  bp.published_at + (${c} * 3600 + ${gen.h(`p.i * 31 + ${c}`, 95)} % 3600) * interval '1 second'
FROM generate_series(1, ${posts}) AS p(i)
JOIN blog_posts bp ON bp.id = ${gen.uid(KIND.blogPost, 'p.i')}
CROSS JOIN LATERAL generate_series(1, 1 + ${gen.h('p.i', 96)} % ${2 * perPost}) AS c(j)
WHERE bp.status = 'published' AND bp.published_at <= ${lit(now.toISOString())}::timestamptz`);

    // Likes from a handful of people per published post.
    await exec(`INSERT INTO blog_likes (post_id, user_id, created_at)
SELECT DISTINCT ON (bp.id, u) bp.id, ${gen.uid(KIND.user, 'u')}, bp.published_at + interval '1 hour'
FROM blog_posts bp
CROSS JOIN LATERAL (
  SELECT 1 + ${gen.h(`hashtext(bp.id::text) % 100000 + k`, 97)} % ${people} AS u
  FROM generate_series(1, 1 + abs(hashtext(bp.id::text)) % 8) AS k
) l
WHERE bp.status = 'published' AND bp.published_at <= ${lit(now.toISOString())}::timestamptz
ON CONFLICT DO NOTHING`);

    await exec(`UPDATE blog_posts bp SET comments = n FROM (
  SELECT post_id, count(*)::int AS n FROM blog_comments GROUP BY post_id) x WHERE x.post_id = bp.id`);
    await exec(`UPDATE blog_posts bp SET likes = n FROM (
  SELECT post_id, count(*)::int AS n FROM blog_likes GROUP BY post_id) x WHERE x.post_id = bp.id`);
    // The first version of each post is its history's start (demo volumes only: at scale the
    // history starts with the first edit).
    if (posts <= 1000)
      await exec(`INSERT INTO blog_revisions (post_id, title, description, content, author_id, created_at)
SELECT id, title, description, content, author_id, created_at FROM blog_posts`);
  },
};
