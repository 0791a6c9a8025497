import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import {
  BLOG_COMMENTS_PAGE,
  blogSlug,
  readingMinutes,
  type BlogComment,
  type BlogFamilyThread,
  type BlogPost,
  type blogPostBodySchema,
  type BlogPostPatch,
  type blogPostsQuerySchema,
  type BlogPostSummary,
  type BlogRevision,
  type BlogThread,
} from '@bo/contract/blog';
import { UPLOADS_PREFIX } from '@bo/contract/files';
import { mentionedHandles } from '@bo/contract/notifications';
import type { Executor } from '../../db/client.js';
import { files, users } from '../../db/schema/core.js';
import {
  blogComments,
  blogLikes,
  blogPosts,
  blogRevisions,
  blogStats,
  blogViews,
} from '../../db/schema/content.js';
import { sanitizeRichText } from '../../lib/html.js';
import { fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { exactInstant } from '../../lib/keyset.js';
import { mentionedUsers, notify } from '../../lib/notify.js';
import { escapeLike } from '../../lib/sql-like.js';

/** Who asks: their id and whether they may write and manage the blog. */
export interface Reader {
  userId: string;
  canWrite: boolean;
  canManage: boolean;
}

/** A revision by the same person within this time is updated instead of added (autosave). */
const REVISION_MERGE_MS = 10 * 60_000;

const author = alias(users, 'author');
const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  description: blogPosts.description,
  coverFileId: blogPosts.coverFileId,
  coverUrl: blogPosts.coverUrl,
  coverAlt: blogPosts.coverAlt,
  tags: blogPosts.tags,
  status: blogPosts.status,
  publishedAt: blogPosts.publishedAt,
  allowComments: blogPosts.allowComments,
  views: blogPosts.views,
  likes: blogPosts.likes,
  comments: blogPosts.comments,
  readingMinutes: blogPosts.readingMinutes,
  datedAt: blogPosts.datedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  authorId: blogPosts.authorId,
  authorName: author.displayName,
  authorAvatar: author.avatarUrl,
};
type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null;
} & { id: string; slug: string; title: string; status: string };

const live = sql`${blogPosts.status} = 'published' AND ${blogPosts.publishedAt} <= now()`;

/** Posts the reader may see: published ones, their own, and all of them for an editor. */
function visibleTo(reader: Reader): SQL | undefined {
  if (reader.canManage) return undefined;
  return or(live, eq(blogPosts.authorId, reader.userId));
}

const TAB_FILTERS: Record<string, SQL | undefined> = {
  all: undefined,
  published: live,
  draft: sql`${blogPosts.status} = 'draft'`,
  scheduled: sql`${blogPosts.status} = 'published' AND ${blogPosts.publishedAt} > now()`,
};

const displayStatus = (status: string, publishedAt: Date | null) =>
  status === 'draft'
    ? 'draft'
    : publishedAt && publishedAt.getTime() > Date.now()
      ? 'scheduled'
      : 'published';

function toSummary(row: SummaryRow, reader: Reader, liked: Set<string>): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description ?? '',
    cover: row.coverUrl ?? null,
    coverImage: row.coverUrl
      ? { fileId: row.coverFileId ?? null, url: row.coverUrl, alt: row.coverAlt ?? '' }
      : null,
    tags: row.tags ?? [],
    author: row.authorId
      ? { id: row.authorId, name: row.authorName ?? '', avatarUrl: row.authorAvatar ?? null }
      : null,
    status: displayStatus(row.status, row.publishedAt ?? null),
    publishAt:
      row.status === 'published' && row.publishedAt && row.publishedAt.getTime() > Date.now()
        ? row.publishedAt.toISOString()
        : null,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    allowComments: row.allowComments ?? true,
    views: row.views ?? 0,
    likes: row.likes ?? 0,
    commentCount: row.comments ?? 0,
    // The family's threads only in a post's own answer (loadPost): a list stays light.
    comments: [],
    totalViews: row.views ?? 0,
    totalComments: row.comments ?? 0,
    // Shares are not recorded anywhere: 0, not a made-up figure.
    totalShares: 0,
    totalFavorites: row.likes ?? 0,
    readingMinutes: row.readingMinutes ?? 1,
    isLiked: liked.has(row.id),
    canEdit: canEdit(reader, row.authorId ?? null),
    createdAt: (row.createdAt ?? new Date()).toISOString(),
    updatedAt: (row.updatedAt ?? new Date()).toISOString(),
  };
}

const canEdit = (reader: Reader, authorId: string | null) =>
  reader.canManage || (reader.canWrite && authorId === reader.userId);

async function likedBy(db: Executor, userId: string, postIds: string[]): Promise<Set<string>> {
  if (!postIds.length) return new Set();
  const rows = await db
    .select({ postId: blogLikes.postId })
    .from(blogLikes)
    .where(and(eq(blogLikes.userId, userId), inArray(blogLikes.postId, postIds)));
  return new Set(rows.map((r) => r.postId));
}

/** Cursors are the sort value and the id of the last post shown, base64url JSON. */
const encodeCursor = (value: string | number, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');
function decodeCursor(cursor: string): [string | number, string] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f-]{36}$/.test(parsed[1])
    )
      return parsed as [string | number, string];
  } catch {
    /* reported below */
  }
  throw fieldError('after', 'invalid_cursor', 'Not a cursor of this list');
}

export async function listPosts(
  db: Executor,
  reader: Reader,
  query: z.infer<typeof blogPostsQuerySchema>,
) {
  const base: Array<SQL | undefined> = [visibleTo(reader)];
  if (query.q)
    base.push(sql`lower(${blogPosts.title}) LIKE ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  if (query.tag) base.push(sql`${query.tag} = ANY(${blogPosts.tags})`);
  const where = [...base, TAB_FILTERS[query.tab]];

  const popular = query.sort === 'popular';
  const ascending = query.sort === 'oldest';
  const key = popular ? blogPosts.views : blogPosts.datedAt;
  if (query.after) {
    const [value, id] = decodeCursor(query.after);
    const v = popular ? Number(value) : new Date(String(value));
    if (!popular && Number.isNaN((v as Date).getTime()))
      throw fieldError('after', 'invalid_cursor', 'Not a cursor of this list');
    where.push(
      ascending
        ? sql`(${key}, ${blogPosts.id}) > (${v}, ${id})`
        : sql`(${key}, ${blogPosts.id}) < (${v}, ${id})`,
    );
  }
  const order = ascending ? [asc(key), asc(blogPosts.id)] : [desc(key), desc(blogPosts.id)];

  const rows = (await db
    .select(summaryColumns)
    .from(blogPosts)
    .leftJoin(author, eq(author.id, blogPosts.authorId))
    .where(and(...where))
    .orderBy(...order)
    .limit(query.limit + 1)) as SummaryRow[];
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);

  const { counts, capped } = await tabCounts(db, reader, base, Boolean(query.q || query.tag));

  const liked = await likedBy(
    db,
    reader.userId,
    page.map((r) => r.id),
  );
  const last = page[page.length - 1];
  return {
    posts: page.map((r) => toSummary(r, reader, liked)),
    total: counts[query.tab],
    ...(capped ? { totalCapped: true } : {}),
    counts,
    nextCursor:
      more && last
        ? encodeCursor(popular ? (last.views ?? 0) : (last.datedAt as Date).toISOString(), last.id)
        : null,
  };
}

/** Past this many matches a search's counts say "more than" instead of counting on. */
export const BLOG_COUNT_CAP = 2000;

type TabCounts = { all: number; published: number; draft: number; scheduled: number };

/**
 * The tabs' counts without counting the table: posts per stored status come from `blog_stats`
 * (kept by a trigger), the scheduled ones from a range scan of the future, a writer's own drafts
 * and scheduled posts from the author index. A search counts its matches up to the cap.
 */
async function tabCounts(
  db: Executor,
  reader: Reader,
  base: Array<SQL | undefined>,
  filtered: boolean,
): Promise<{ counts: TabCounts; capped: boolean }> {
  if (filtered) {
    const rows = await db
      .select({ status: blogPosts.status, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(and(...base))
      .limit(BLOG_COUNT_CAP + 1);
    const now = Date.now();
    const counts = { all: 0, published: 0, draft: 0, scheduled: 0 };
    for (const r of rows.slice(0, BLOG_COUNT_CAP)) {
      counts.all++;
      if (r.status === 'draft') counts.draft++;
      else if ((r.publishedAt?.getTime() ?? 0) > now) counts.scheduled++;
      else counts.published++;
    }
    return { counts, capped: rows.length > BLOG_COUNT_CAP };
  }
  const stats = await db.select().from(blogStats);
  const stored = (status: string) => stats.find((r) => r.status === status)?.posts ?? 0;
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(TAB_FILTERS.scheduled);
  const upcoming = ahead?.n ?? 0;
  const published = stored('published') - upcoming;
  if (reader.canManage) {
    const draft = stored('draft');
    return {
      counts: { all: published + draft + upcoming, published, draft, scheduled: upcoming },
      capped: false,
    };
  }
  const [own] = await db
    .select({
      draft: sql<number>`(count(*) FILTER (WHERE ${blogPosts.status} = 'draft'))::int`,
      scheduled: sql<number>`(count(*) FILTER (WHERE ${TAB_FILTERS.scheduled}))::int`,
    })
    .from(blogPosts)
    .where(eq(blogPosts.authorId, reader.userId));
  const draft = own?.draft ?? 0;
  const scheduled = own?.scheduled ?? 0;
  return {
    counts: { all: published + draft + scheduled, published, draft, scheduled },
    capped: false,
  };
}

async function findRow(db: Executor, reader: Reader, where: SQL) {
  const [row] = (await db
    .select({
      ...summaryColumns,
      content: blogPosts.content,
      metaTitle: blogPosts.metaTitle,
      metaDescription: blogPosts.metaDescription,
      metaKeywords: blogPosts.metaKeywords,
    })
    .from(blogPosts)
    .leftJoin(author, eq(author.id, blogPosts.authorId))
    .where(and(where, visibleTo(reader)))
    .limit(1)) as Array<
    SummaryRow & {
      content: string;
      metaTitle: string;
      metaDescription: string;
      metaKeywords: string[];
    }
  >;
  return row;
}

/** By slug, else by exact title (the spec's `?title=`), else by id. */
export async function findPostRow(db: Executor, reader: Reader, title: string) {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(title);
  return (
    (await findRow(db, reader, eq(blogPosts.slug, title.toLowerCase()))) ??
    (await findRow(db, reader, eq(blogPosts.title, title))) ??
    (isId ? await findRow(db, reader, eq(blogPosts.id, title)) : undefined)
  );
}

const commenter = alias(users, 'commenter');
const commentColumns = {
  id: blogComments.id,
  parentId: blogComments.parentId,
  message: blogComments.message,
  hidden: blogComments.hidden,
  createdAt: blogComments.createdAt,
  updatedAt: blogComments.updatedAt,
  authorId: blogComments.authorId,
  authorName: commenter.displayName,
  authorAvatar: commenter.avatarUrl,
};
type CommentRow = {
  id: string;
  parentId: string | null;
  message: string;
  hidden: boolean;
  createdAt: Date;
  updatedAt: Date;
  authorId: string | null;
  authorName: string | null;
  authorAvatar: string | null;
};

function toComment(row: CommentRow, reader: Reader): BlogComment {
  const own = row.authorId === reader.userId;
  // A hidden comment keeps its place in the thread; only its author and editors read it.
  const readable = !row.hidden || own || reader.canManage;
  return {
    id: row.id,
    parentId: row.parentId,
    message: readable ? row.message : '',
    author: row.authorId
      ? { id: row.authorId, name: row.authorName ?? '', avatarUrl: row.authorAvatar }
      : null,
    hidden: row.hidden,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isOwn: own,
  };
}

/** Top-level comments oldest first from `after` (a comment id cursor), with their replies. */
export async function loadThreads(
  db: Executor,
  reader: Reader,
  postId: string,
  after?: string,
): Promise<{ comments: BlogThread[]; after: string | null }> {
  const where: Array<SQL | undefined> = [
    eq(blogComments.postId, postId),
    isNull(blogComments.parentId),
  ];
  if (after) {
    const [value, id] = decodeCursor(after);
    where.push(
      sql`(${blogComments.createdAt}, ${blogComments.id}) > (${String(value)}::timestamptz, ${id}::uuid)`,
    );
  }
  const tops = (await db
    .select({ ...commentColumns, cursorAt: exactInstant(sql`${blogComments.createdAt}`) })
    .from(blogComments)
    .leftJoin(commenter, eq(commenter.id, blogComments.authorId))
    .where(and(...where))
    .orderBy(asc(blogComments.createdAt), asc(blogComments.id))
    .limit(BLOG_COMMENTS_PAGE + 1)) as Array<CommentRow & { cursorAt: string }>;
  const page = tops.slice(0, BLOG_COMMENTS_PAGE);
  const replies = page.length
    ? ((await db
        .select(commentColumns)
        .from(blogComments)
        .leftJoin(commenter, eq(commenter.id, blogComments.authorId))
        .where(
          inArray(
            blogComments.parentId,
            page.map((c) => c.id),
          ),
        )
        .orderBy(asc(blogComments.createdAt), asc(blogComments.id))) as CommentRow[])
    : [];
  const byParent = new Map<string, BlogComment[]>();
  for (const r of replies) {
    const list = byParent.get(r.parentId!) ?? [];
    list.push(toComment(r, reader));
    byParent.set(r.parentId!, list);
  }
  const last = page[page.length - 1];
  return {
    comments: page.map((c) => ({ ...toComment(c, reader), replies: byParent.get(c.id) ?? [] })),
    after: tops.length > BLOG_COMMENTS_PAGE && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

/** Our threads as a client of the template family reads them (the same comments, its names). */
export function familyThreads(threads: BlogThread[]): BlogFamilyThread[] {
  return threads.map((top) => {
    const people = new Map<string, { id: string; name: string; avatarUrl: string | null }>();
    for (const c of [top, ...top.replies]) if (c.author) people.set(c.author.id, c.author);
    return {
      id: top.id,
      name: top.author?.name ?? '',
      avatarUrl: top.author?.avatarUrl ?? null,
      message: top.message,
      postedAt: top.createdAt,
      users: [...people.values()],
      replyComment: top.replies.map((r) => ({
        id: r.id,
        userId: r.author?.id ?? null,
        message: r.message,
        postedAt: r.createdAt,
      })),
    };
  });
}

export async function loadPost(
  db: Executor,
  reader: Reader,
  row: NonNullable<Awaited<ReturnType<typeof findPostRow>>>,
): Promise<BlogPost> {
  const liked = await likedBy(db, reader.userId, [row.id]);
  const likers = await db
    .select({ id: users.id, name: users.displayName, avatarUrl: users.avatarUrl })
    .from(blogLikes)
    .innerJoin(users, eq(users.id, blogLikes.userId))
    .where(eq(blogLikes.postId, row.id))
    .orderBy(desc(blogLikes.createdAt))
    .limit(20);
  const threads = await loadThreads(db, reader, row.id);
  return {
    ...toSummary(row, reader, liked),
    comments: familyThreads(threads.comments),
    content: row.content,
    body: row.content,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    favoritePerson: likers,
    commentList: threads.comments,
    commentsAfter: threads.after,
  };
}

/** The next publication times ahead (ms), soonest first. */
export async function upcomingPublications(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .select({ at: blogPosts.publishedAt })
    .from(blogPosts)
    .where(sql`${blogPosts.status} = 'published' AND ${blogPosts.publishedAt} > now()`)
    .orderBy(asc(blogPosts.publishedAt))
    .limit(limit);
  return rows.map((r) => r.at!.getTime());
}

/** Counts a view once per person per post per day. */
export async function countView(db: Executor, userId: string, postId: string): Promise<void> {
  const inserted = await db
    .insert(blogViews)
    .values({ postId, userId, day: sql`current_date` as unknown as string })
    .onConflictDoNothing()
    .returning({ postId: blogViews.postId });
  if (inserted.length)
    await db
      .update(blogPosts)
      .set({ views: sql`${blogPosts.views} + 1` })
      .where(eq(blogPosts.id, postId));
}

export async function recentPosts(db: Executor, reader: Reader, title: string | undefined) {
  const where: Array<SQL | undefined> = [live];
  if (title)
    where.push(sql`${blogPosts.slug} <> ${title.toLowerCase()} AND ${blogPosts.title} <> ${title}`);
  const rows = (await db
    .select(summaryColumns)
    .from(blogPosts)
    .leftJoin(author, eq(author.id, blogPosts.authorId))
    .where(and(...where))
    .orderBy(desc(blogPosts.datedAt), desc(blogPosts.id))
    .limit(4)) as SummaryRow[];
  const liked = await likedBy(
    db,
    reader.userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSummary(r, reader, liked));
}

export async function searchPosts(db: Executor, reader: Reader, query: string) {
  if (!query) return [];
  const rows = await db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      cover: blogPosts.coverUrl,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .where(
      and(
        visibleTo(reader),
        sql`lower(${blogPosts.title}) LIKE ${`%${escapeLike(query.toLowerCase())}%`}`,
      ),
    )
    .orderBy(desc(blogPosts.datedAt), desc(blogPosts.id))
    .limit(10);
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt?.toISOString() ?? null }));
}

/** A slug free of other posts: the title's, with -2, -3… when taken. */
async function freeSlug(db: Executor, title: string, exceptId?: string): Promise<string> {
  const base = blogSlug(title);
  const taken = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(
      and(
        or(eq(blogPosts.slug, base), sql`${blogPosts.slug} LIKE ${`${base}-%`}`),
        exceptId ? sql`${blogPosts.id} <> ${exceptId}` : undefined,
      ),
    );
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

type CoverField = 'coverFileId' | 'cover';

/**
 * The file id a write names as its cover: `coverFileId`, else the family's `cover` URL (one of
 * our uploads, `/uploads/<key>`: absolute ones were made relative before validation). Undefined
 * when the write leaves the cover alone; null when it removes it.
 */
async function coverChoice(
  db: Executor,
  userId: string,
  write: { coverFileId?: string | null; cover?: string | null },
): Promise<{ fileId: string | null; field: CoverField } | undefined> {
  if (write.coverFileId !== undefined) return { fileId: write.coverFileId, field: 'coverFileId' };
  if (write.cover === undefined) return undefined;
  if (write.cover === null || write.cover === '') return { fileId: null, field: 'cover' };
  const key = write.cover.startsWith(UPLOADS_PREFIX)
    ? write.cover.slice(UPLOADS_PREFIX.length)
    : null;
  const [file] = key
    ? await db
        .select({ id: files.id })
        .from(files)
        .where(eq(files.storageKey, key))
        // Should a key be held twice, the caller's own upload first.
        .orderBy(desc(sql`${files.ownerId} IS NOT DISTINCT FROM ${userId}`))
        .limit(1)
    : [];
  if (!file) throw fieldError('cover', 'not_found', 'Not the URL of an upload of ours');
  return { fileId: file.id, field: 'cover' };
}

/** The cover: an image the writer uploaded (or the post's current cover). */
async function coverOf(
  db: Executor,
  userId: string,
  fileId: string,
  currentId: string | null,
  field: CoverField = 'coverFileId',
) {
  const [file] = await db
    .select({
      id: files.id,
      ownerId: files.ownerId,
      mime: files.mime,
      storageKey: files.storageKey,
    })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  if (!file || (file.ownerId !== userId && file.id !== currentId))
    throw fieldError(field, 'not_found', 'No such upload of yours');
  if (!file.mime.startsWith('image/'))
    throw fieldError(field, 'not_an_image', 'The cover must be an image');
  return file;
}

async function addRevision(
  db: Executor,
  postId: string,
  userId: string,
  v: { title: string; description: string; content: string },
) {
  const [last] = await db
    .select({
      id: blogRevisions.id,
      authorId: blogRevisions.authorId,
      createdAt: blogRevisions.createdAt,
    })
    .from(blogRevisions)
    .where(eq(blogRevisions.postId, postId))
    .orderBy(desc(blogRevisions.createdAt))
    .limit(1);
  if (
    last &&
    last.authorId === userId &&
    Date.now() - last.createdAt.getTime() < REVISION_MERGE_MS
  ) {
    await db
      .update(blogRevisions)
      .set({ ...v, createdAt: new Date() })
      .where(eq(blogRevisions.id, last.id));
    return;
  }
  await db.insert(blogRevisions).values({ postId, authorId: userId, ...v });
}

/** When a post appears: the chosen time, else now for a post being published, else unchanged. */
function publication(status: string, publishAt: string | null | undefined, current: Date | null) {
  if (status === 'draft') return publishAt ? new Date(publishAt) : null;
  if (publishAt) return new Date(publishAt);
  if (publishAt === null || !current) return new Date();
  return current;
}

export async function createPost(
  db: Executor,
  reader: Reader,
  body: z.infer<typeof blogPostBodySchema>,
  fileUrl: (key: string) => string,
): Promise<string> {
  const content = sanitizeRichText(body.content ?? body.body ?? '');
  const choice = await coverChoice(db, reader.userId, body);
  const cover = choice?.fileId
    ? await coverOf(db, reader.userId, choice.fileId, null, choice.field)
    : null;
  const publishedAt = publication(body.status, body.publishAt, null);
  const [row] = await db
    .insert(blogPosts)
    .values({
      slug: await freeSlug(db, body.title),
      title: body.title,
      description: body.description,
      content,
      coverFileId: cover?.id ?? null,
      coverUrl: cover ? fileUrl(cover.storageKey) : null,
      coverAlt: body.coverAlt ?? '',
      tags: [...new Set(body.tags)],
      authorId: reader.userId,
      status: body.status,
      publishedAt,
      allowComments: body.allowComments,
      metaTitle: body.metaTitle,
      metaDescription: body.metaDescription,
      metaKeywords: [...new Set(body.metaKeywords)],
      readingMinutes: readingMinutes(content),
      datedAt: body.status === 'published' && publishedAt ? publishedAt : new Date(),
    })
    .returning({ id: blogPosts.id });
  await addRevision(db, row!.id, reader.userId, {
    title: body.title,
    description: body.description,
    content,
  });
  return row!.id;
}

/** The post as stored, for a writer: 404 when it cannot be seen, 403 when it cannot be changed. */
export async function editablePost(db: Executor, reader: Reader, id: string) {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), visibleTo(reader)))
    .limit(1);
  if (!row) throw notFound('Post');
  if (!canEdit(reader, row.authorId))
    throw forbidden('Only the author or an editor may change this post');
  return row;
}

export async function updatePost(
  db: Executor,
  reader: Reader,
  id: string,
  patch: BlogPostPatch,
  fileUrl: (key: string) => string,
): Promise<void> {
  const row = await editablePost(db, reader, id);
  const next: Partial<typeof blogPosts.$inferInsert> = { updatedAt: new Date() };
  if (patch.title !== undefined && patch.title !== row.title) {
    next.title = patch.title;
    next.slug = await freeSlug(db, patch.title, id);
  }
  if (patch.description !== undefined) next.description = patch.description;
  const html = patch.content ?? patch.body;
  if (html !== undefined) {
    next.content = sanitizeRichText(html);
    next.readingMinutes = readingMinutes(next.content);
  }
  // The family sends back the cover it read: the same URL leaves the cover as it is.
  const sameCover = patch.coverFileId === undefined && patch.cover === row.coverUrl;
  const choice = sameCover ? undefined : await coverChoice(db, reader.userId, patch);
  if (choice) {
    const cover = choice.fileId
      ? await coverOf(db, reader.userId, choice.fileId, row.coverFileId, choice.field)
      : null;
    next.coverFileId = cover?.id ?? null;
    next.coverUrl = cover ? fileUrl(cover.storageKey) : null;
  }
  if (patch.coverAlt !== undefined) next.coverAlt = patch.coverAlt;
  if (patch.tags !== undefined) next.tags = [...new Set(patch.tags)];
  if (patch.allowComments !== undefined) next.allowComments = patch.allowComments;
  if (patch.metaTitle !== undefined) next.metaTitle = patch.metaTitle;
  if (patch.metaDescription !== undefined) next.metaDescription = patch.metaDescription;
  if (patch.metaKeywords !== undefined) next.metaKeywords = [...new Set(patch.metaKeywords)];
  const status = patch.status ?? row.status;
  if (patch.status !== undefined || patch.publishAt !== undefined) {
    next.status = status;
    // Publishing again keeps the first publication date unless a new time is given.
    next.publishedAt =
      patch.status === 'published' && row.status === 'published' && patch.publishAt === undefined
        ? row.publishedAt
        : publication(status, patch.publishAt, row.status === 'published' ? row.publishedAt : null);
  }
  const publishedAt = next.publishedAt !== undefined ? next.publishedAt : row.publishedAt;
  next.datedAt = status === 'published' && publishedAt ? publishedAt : new Date();
  await db.update(blogPosts).set(next).where(eq(blogPosts.id, id));
  if (next.title !== undefined || next.description !== undefined || next.content !== undefined)
    await addRevision(db, id, reader.userId, {
      title: next.title ?? row.title,
      description: next.description ?? row.description,
      content: next.content ?? row.content,
    });
}

export async function deletePost(db: Executor, reader: Reader, id: string): Promise<void> {
  await editablePost(db, reader, id);
  await db.delete(blogPosts).where(eq(blogPosts.id, id));
}

/** A post the reader may read and react to (published, or one they may see). */
async function readablePost(db: Executor, reader: Reader, id: string) {
  const [row] = await db
    .select({
      id: blogPosts.id,
      allowComments: blogPosts.allowComments,
      authorId: blogPosts.authorId,
      title: blogPosts.title,
      slug: blogPosts.slug,
      status: blogPosts.status,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), visibleTo(reader)))
    .limit(1);
  if (!row) throw notFound('Post');
  return row;
}

export async function setLike(db: Executor, reader: Reader, id: string, on: boolean) {
  await readablePost(db, reader, id);
  const changed = on
    ? await db
        .insert(blogLikes)
        .values({ postId: id, userId: reader.userId })
        .onConflictDoNothing()
        .returning({ postId: blogLikes.postId })
    : await db
        .delete(blogLikes)
        .where(and(eq(blogLikes.postId, id), eq(blogLikes.userId, reader.userId)))
        .returning({ postId: blogLikes.postId });
  const [post] = changed.length
    ? await db
        .update(blogPosts)
        .set({ likes: sql`${blogPosts.likes} + ${on ? 1 : -1}` })
        .where(eq(blogPosts.id, id))
        .returning({ likes: blogPosts.likes })
    : await db.select({ likes: blogPosts.likes }).from(blogPosts).where(eq(blogPosts.id, id));
  return { likes: post?.likes ?? 0, isLiked: on };
}

async function commentRow(db: Executor, reader: Reader, id: string): Promise<CommentRow> {
  const [row] = (await db
    .select(commentColumns)
    .from(blogComments)
    .leftJoin(commenter, eq(commenter.id, blogComments.authorId))
    .where(eq(blogComments.id, id))
    .limit(1)) as CommentRow[];
  if (!row) throw notFound('Comment');
  return row;
}

export async function addComment(
  db: Executor,
  reader: Reader,
  postId: string,
  message: string,
  parentId: string | null | undefined,
): Promise<BlogComment> {
  const post = await readablePost(db, reader, postId);
  if (!post.allowComments && !canEdit(reader, post.authorId))
    throw forbidden('Comments are closed on this post');
  let root: string | null = null;
  let answered: string | null = null;
  if (parentId) {
    const [parent] = await db
      .select({
        id: blogComments.id,
        parentId: blogComments.parentId,
        postId: blogComments.postId,
        authorId: blogComments.authorId,
      })
      .from(blogComments)
      .where(eq(blogComments.id, parentId))
      .limit(1);
    if (!parent || parent.postId !== postId)
      throw fieldError('parentId', 'not_found', 'No such comment on this post');
    // A reply to a reply joins its thread.
    root = parent.parentId ?? parent.id;
    answered = parent.authorId;
  }
  const [row] = await db
    .insert(blogComments)
    .values({ postId, parentId: root, authorId: reader.userId, message })
    .returning({ id: blogComments.id });
  await db
    .update(blogPosts)
    .set({ comments: sql`${blogPosts.comments} + 1` })
    .where(eq(blogPosts.id, postId));
  const permission = post.status === 'published' ? 'blog:read' : 'blog:manage';
  // The author of the comment answered hears of the reply (once: not again as mentioned in it).
  await notify(db, {
    type: 'blog.reply',
    to: { users: [answered], permission },
    title: post.title,
    body: message,
    link: `/dashboard/blog/post/${post.slug}`,
    recordId: postId,
    actorId: reader.userId,
  });
  await notify(db, {
    type: 'mention',
    to: {
      users: (await mentionedUsers(db, mentionedHandles(message))).filter((id) => id !== answered),
      permission,
    },
    title: post.title,
    body: message,
    link: `/dashboard/blog/post/${post.slug}`,
    recordId: postId,
    actorId: reader.userId,
  });
  return toComment(await commentRow(db, reader, row!.id), reader);
}

export async function editComment(db: Executor, reader: Reader, id: string, message: string) {
  const row = await commentRow(db, reader, id);
  await readablePost(db, reader, (await postOfComment(db, id))!);
  if (row.authorId !== reader.userId) throw forbidden('Only its author may edit a comment');
  await db
    .update(blogComments)
    .set({ message, updatedAt: new Date() })
    .where(eq(blogComments.id, id));
  return toComment(await commentRow(db, reader, id), reader);
}

async function postOfComment(db: Executor, id: string) {
  const [row] = await db
    .select({ postId: blogComments.postId })
    .from(blogComments)
    .where(eq(blogComments.id, id))
    .limit(1);
  return row?.postId;
}

export async function deleteComment(db: Executor, reader: Reader, id: string): Promise<string> {
  const row = await commentRow(db, reader, id);
  const postId = (await postOfComment(db, id))!;
  await readablePost(db, reader, postId);
  if (row.authorId !== reader.userId && !reader.canManage)
    throw forbidden('Only its author or an editor may delete a comment');
  const removed = await db
    .delete(blogComments)
    .where(or(eq(blogComments.id, id), eq(blogComments.parentId, id)))
    .returning({ id: blogComments.id });
  await db
    .update(blogPosts)
    .set({ comments: sql`greatest(${blogPosts.comments} - ${removed.length}, 0)` })
    .where(eq(blogPosts.id, postId));
  return postId;
}

export async function hideComment(db: Executor, reader: Reader, id: string, hidden: boolean) {
  if (!reader.canManage) throw forbidden('Only an editor may hide comments');
  await commentRow(db, reader, id);
  await db.update(blogComments).set({ hidden }).where(eq(blogComments.id, id));
  return toComment(await commentRow(db, reader, id), reader);
}

export async function listRevisions(
  db: Executor,
  reader: Reader,
  id: string,
): Promise<BlogRevision[]> {
  await editablePost(db, reader, id);
  const rows = await db
    .select({
      id: blogRevisions.id,
      title: blogRevisions.title,
      description: blogRevisions.description,
      content: blogRevisions.content,
      createdAt: blogRevisions.createdAt,
      authorId: users.id,
      authorName: users.displayName,
      authorAvatar: users.avatarUrl,
    })
    .from(blogRevisions)
    .leftJoin(users, eq(users.id, blogRevisions.authorId))
    .where(eq(blogRevisions.postId, id))
    .orderBy(desc(blogRevisions.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    content: r.content,
    author: r.authorId
      ? { id: r.authorId, name: r.authorName ?? '', avatarUrl: r.authorAvatar }
      : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function restoreRevision(
  db: Executor,
  reader: Reader,
  id: string,
  revisionId: string,
  fileUrl: (key: string) => string,
) {
  await editablePost(db, reader, id);
  const [revision] = await db
    .select()
    .from(blogRevisions)
    .where(and(eq(blogRevisions.id, revisionId), eq(blogRevisions.postId, id)))
    .limit(1);
  if (!revision) throw notFound('Revision');
  await updatePost(
    db,
    reader,
    id,
    { title: revision.title, description: revision.description, content: revision.content },
    fileUrl,
  );
}
