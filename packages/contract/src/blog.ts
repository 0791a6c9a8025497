import { z } from 'zod';

import { bulkAnswerWith, isoDateTime } from './common';
import { apiPath } from './api-path';

export const BLOG_API = {
  posts: '/api/blog/posts',
  post: '/api/blog/post',
  recent: '/api/blog/posts/recent',
  search: '/api/blog/posts/search',
  one: apiPath('/api/blog/posts/:id'),
  /** Several posts published, unpublished or deleted at once, each under the single rules. */
  bulk: '/api/blog/posts/bulk',
  like: apiPath('/api/blog/posts/:id/like'),
  comments: apiPath('/api/blog/posts/:id/comments'),
  comment: apiPath('/api/blog/comments/:id'),
  hideComment: apiPath('/api/blog/comments/:id/hide'),
  revisions: apiPath('/api/blog/posts/:id/revisions'),
  restore: apiPath('/api/blog/posts/:id/revisions/:revisionId/restore'),
} as const;

/** Realtime: the comments of a post changed (payload `{ postId, actorId }`); open pages refetch. */
export const BLOG_EVENTS = { commentsChanged: 'blog.comments.changed' } as const;

/** The list's tabs. `scheduled` is a published post whose `publishAt` has not come yet. */
export const BLOG_TABS = ['all', 'published', 'draft', 'scheduled'] as const;
export type BlogTab = (typeof BLOG_TABS)[number];
export const BLOG_SORTS = ['latest', 'popular', 'oldest'] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];
/** What is stored; `scheduled` is derived from `publishAt`. */
export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStoredStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_DISPLAY_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type BlogStatus = (typeof BLOG_DISPLAY_STATUSES)[number];

export const BLOG_LIMITS = {
  title: 200,
  description: 500,
  content: 200_000,
  tag: 40,
  tags: 20,
  comment: 3000,
  metaTitle: 120,
  metaDescription: 300,
  metaKeyword: 40,
  metaKeywords: 20,
  alt: 200,
} as const;
/** Top-level comments per answer; the rest are read with `after`. */
export const BLOG_COMMENTS_PAGE = 30;
/** Words read per minute, for the reading time. */
export const BLOG_WORDS_PER_MINUTE = 220;

export const blogPersonSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type BlogPerson = z.infer<typeof blogPersonSchema>;

export const blogCoverSchema = z.object({
  fileId: z.string().uuid().nullable(),
  url: z.string(),
  alt: z.string(),
});

/**
 * A reply as a client of the template family reads it (`replyComment[]`). We keep no record of
 * whom a reply answers inside its thread, so `tagUser` is never sent.
 */
export const blogFamilyReplySchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid().nullable().describe('Its author (null once the account is deleted)'),
  message: z.string().describe('Empty when the reply is hidden and the caller may not read it'),
  postedAt: z.string().describe('When it was written (ours: `createdAt`)'),
  tagUser: z.string().optional().describe('Never sent: whom a reply answers is not recorded'),
});
export type BlogFamilyReply = z.infer<typeof blogFamilyReplySchema>;

/**
 * A comment thread as a client of the template family reads it (`comments[]`): the top-level
 * comment's author and text, the people of the thread and its replies. Ours, with hidden state,
 * edits and our own rights, is `commentList` (`BlogThread`).
 */
export const blogFamilyThreadSchema = z.object({
  id: z.string().uuid(),
  name: z.string().describe("The author's name ('' once the account is deleted)"),
  avatarUrl: z.string().nullable().describe("The author's picture"),
  message: z.string().describe('Empty when the comment is hidden and the caller may not read it'),
  postedAt: z.string().describe('When it was written (ours: `createdAt`)'),
  users: z
    .array(blogPersonSchema)
    .describe('The people of the thread: its author, then each replier once (`userId` → name)'),
  replyComment: z.array(blogFamilyReplySchema).describe('Its replies, oldest first'),
});
export type BlogFamilyThread = z.infer<typeof blogFamilyThreadSchema>;

/**
 * A post as the list and the editor read it. For a client of the template family it also
 * carries `cover` as a URL, `comments` (threads; empty in lists) and the four totals; our own
 * names for the cover and the count are `coverImage` and `commentCount` (decision 039).
 */
export const blogPostSummarySchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover: z
    .string()
    .nullable()
    .describe('Family: the cover picture URL (`/uploads/…`), null without one. Ours: `coverImage`'),
  coverImage: blogCoverSchema
    .nullable()
    .describe('Ours: the cover with its file and alt text (the family reads `cover`)'),
  tags: z.array(z.string()),
  author: blogPersonSchema.nullable(),
  status: z.enum(BLOG_DISPLAY_STATUSES),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  allowComments: z.boolean(),
  views: z.number().int(),
  likes: z.number().int(),
  commentCount: z
    .number()
    .int()
    .describe('Ours: comments and replies on the post (the family reads `totalComments`)'),
  comments: z
    .array(blogFamilyThreadSchema)
    .describe(
      "Family: comment threads. Always empty in a list's items (a page of posts would carry every " +
        "thread); a post's own answer holds its first page, as `commentList` does. Ours: `commentList`",
    ),
  totalViews: z.number().int().describe('Family: people-days who opened it (ours: `views`)'),
  totalComments: z.number().int().describe('Family: comments and replies (ours: `commentCount`)'),
  totalShares: z
    .number()
    .int()
    .describe('Family: shares. Sharing a post is not tracked, so this is always 0'),
  totalFavorites: z.number().int().describe('Family: people who like it (ours: `likes`)'),
  readingMinutes: z.number().int(),
  isLiked: z.boolean(),
  /** The caller may edit, publish and delete it. */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogCommentSchema = z.object({
  id: z.string().uuid(),
  parentId: z.string().uuid().nullable(),
  message: z.string(),
  author: blogPersonSchema.nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller wrote it (may edit and delete it). */
  isOwn: z.boolean(),
});
export type BlogComment = z.infer<typeof blogCommentSchema>;

export const blogThreadSchema = blogCommentSchema.extend({ replies: z.array(blogCommentSchema) });
export type BlogThread = z.infer<typeof blogThreadSchema>;

/**
 * A post as its page reads it: content, SEO fields, who liked it and its first comments (ours in
 * `commentList`, the family's in `comments`, the same threads).
 */
export const blogPostSchema = blogPostSummarySchema.extend({
  content: z.string(),
  body: z.string().describe('Family: the HTML content, as `content` holds it'),
  metaTitle: z.string(),
  metaDescription: z.string(),
  metaKeywords: z.array(z.string()),
  favoritePerson: z
    .array(blogPersonSchema)
    .describe('The latest people who liked it, up to 20 (family and ours; formerly `likedBy`)'),
  /** Top-level comments oldest first, each with its replies; `commentsAfter` reads more. */
  commentList: z.array(blogThreadSchema),
  commentsAfter: z.string().nullable(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

const text = (max: number) => z.string().trim().max(max);
const wordList = (item: number, count: number) =>
  z.array(z.string().trim().min(1).max(item)).max(count);

/** Family write names: `body` is read as `content`, `cover` (an upload's URL) as its file. */
const familyBody = z
  .string()
  .max(BLOG_LIMITS.content)
  .optional()
  .describe('Family: the HTML content, read when `content` is not given');
const familyCover = z
  .string()
  .max(2000)
  .nullable()
  .optional()
  .describe(
    "Family: the cover as an upload's URL (`/uploads/…`, or absolute under PUBLIC_URL), null " +
      'to remove it; read when `coverFileId` is not given',
  );

/** The write body of `POST /api/blog/posts`; `PATCH` takes any part of it. */
export const blogPostBodySchema = z.object({
  title: text(BLOG_LIMITS.title).min(1),
  description: text(BLOG_LIMITS.description).default(''),
  /** Empty when neither it nor `body` is given. */
  content: z.string().max(BLOG_LIMITS.content).optional(),
  body: familyBody,
  coverFileId: z.string().uuid().nullable().optional(),
  cover: familyCover,
  coverAlt: text(BLOG_LIMITS.alt).optional(),
  tags: wordList(BLOG_LIMITS.tag, BLOG_LIMITS.tags).default([]),
  status: z.enum(BLOG_STATUSES).default('draft'),
  /** Publish later: the post appears at this time without anyone acting. */
  publishAt: isoDateTime.nullable().optional(),
  allowComments: z.boolean().default(true),
  metaTitle: text(BLOG_LIMITS.metaTitle).default(''),
  metaDescription: text(BLOG_LIMITS.metaDescription).default(''),
  metaKeywords: wordList(BLOG_LIMITS.metaKeyword, BLOG_LIMITS.metaKeywords).default([]),
});
export type BlogPostBody = z.input<typeof blogPostBodySchema>;
export const blogPostPatchSchema = z.object({
  title: text(BLOG_LIMITS.title).min(1).optional(),
  description: text(BLOG_LIMITS.description).optional(),
  content: z.string().max(BLOG_LIMITS.content).optional(),
  body: familyBody,
  coverFileId: z.string().uuid().nullable().optional(),
  cover: familyCover,
  coverAlt: text(BLOG_LIMITS.alt).optional(),
  tags: wordList(BLOG_LIMITS.tag, BLOG_LIMITS.tags).optional(),
  status: z.enum(BLOG_STATUSES).optional(),
  publishAt: isoDateTime.nullable().optional(),
  allowComments: z.boolean().optional(),
  metaTitle: text(BLOG_LIMITS.metaTitle).optional(),
  metaDescription: text(BLOG_LIMITS.metaDescription).optional(),
  metaKeywords: wordList(BLOG_LIMITS.metaKeyword, BLOG_LIMITS.metaKeywords).optional(),
});
export type BlogPostPatch = z.input<typeof blogPostPatchSchema>;

export const blogPostsQuerySchema = z.object({
  tab: z.enum(BLOG_TABS).default('all'),
  sort: z.enum(BLOG_SORTS).default('latest'),
  q: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(BLOG_LIMITS.tag).optional(),
  /** Opaque cursor from the previous answer's `nextCursor`. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export type BlogPostsQuery = z.input<typeof blogPostsQuerySchema>;

export const blogTabCountsSchema = z.object({
  all: z.number().int(),
  published: z.number().int(),
  draft: z.number().int(),
  scheduled: z.number().int(),
});
export const blogPostsAnswerSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  /** Posts of this tab and search the caller may see. */
  total: z.number().int(),
  /** A search's counts stop at 2,000 matches: then `total` is 2,000 and this is true ("2,000+"). */
  totalCapped: z.boolean().optional(),
  counts: blogTabCountsSchema,
  nextCursor: z.string().nullable(),
});
export type BlogPostsAnswer = z.infer<typeof blogPostsAnswerSchema>;

export const blogPostQuerySchema = z.object({ title: z.string().trim().min(1).max(300) });
export const blogPostAnswerSchema = z.object({ post: blogPostSchema });
export const blogPostWriteAnswerSchema = z.object({ post: blogPostSchema });
export const blogRecentAnswerSchema = z.object({ recentPosts: z.array(blogPostSummarySchema) });
export const blogSearchQuerySchema = z.object({ query: z.string().trim().max(200).default('') });
export const blogSearchResultSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export const blogSearchAnswerSchema = z.object({ results: z.array(blogSearchResultSchema) });

export const blogLikeAnswerSchema = z.object({ likes: z.number().int(), isLiked: z.boolean() });

export const blogCommentBodySchema = z.object({
  message: text(BLOG_LIMITS.comment).min(1),
  parentId: z.string().uuid().nullable().optional(),
});
export const blogCommentPatchSchema = z.object({ message: text(BLOG_LIMITS.comment).min(1) });
export const blogCommentHideSchema = z.object({ hidden: z.boolean() });
export const blogCommentAnswerSchema = z.object({ comment: blogCommentSchema });
export const blogCommentsQuerySchema = z.object({ after: z.string().max(200).optional() });
export const blogCommentsAnswerSchema = z.object({
  comments: z.array(blogThreadSchema),
  after: z.string().nullable(),
});

export const blogRevisionSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  author: blogPersonSchema.nullable(),
  createdAt: z.string(),
});
export type BlogRevision = z.infer<typeof blogRevisionSchema>;
export const blogRevisionsAnswerSchema = z.object({ revisions: z.array(blogRevisionSchema) });

export const blogIdParamsSchema = z.object({ id: z.string().uuid() });

/** Posts one bulk action takes at most. */
export const BLOG_BULK_MAX = 100;
export const BLOG_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type BlogBulkAction = (typeof BLOG_BULK_ACTIONS)[number];
export const blogBulkBodySchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(BLOG_BULK_MAX),
  action: z.enum(BLOG_BULK_ACTIONS),
});
export type BlogBulkBody = z.input<typeof blogBulkBodySchema>;
/**
 * What a bulk action did: the posts changed, and those refused, each with its title and why
 * (`forbidden`: neither its author nor an editor; `not_found`).
 */
export const blogBulkAnswerSchema = bulkAnswerWith({ title: z.string() });
export type BlogBulkAnswer = z.infer<typeof blogBulkAnswerSchema>;
export const blogRevisionParamsSchema = z.object({
  id: z.string().uuid(),
  revisionId: z.string().uuid(),
});

/** The slug of a title: lower-case Latin letters and digits joined by dashes (others kept). */
export function blogSlug(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return base || 'post';
}

/** Minutes to read an HTML text, at least one. */
export function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / BLOG_WORDS_PER_MINUTE));
}
