import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files, users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Blog posts. `status` is what the editor chose (draft or published); a published post whose
 * `published_at` is still ahead is "scheduled" and appears at that time, decided at read time, so
 * no timer has to survive a restart. Likes, comments and views are counters kept in the same
 * transaction as the rows they count.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    coverFileId: uuid('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
    coverUrl: text('cover_url'),
    coverAlt: text('cover_alt').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft'),
    /** When it appears (publish time, or the scheduled time); null for a draft never published. */
    publishedAt: ts('published_at'),
    allowComments: boolean('allow_comments').notNull().default(true),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    metaKeywords: text('meta_keywords').array().notNull().default([]),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    /** The list's date: published_at for posts that have one, else the last change. */
    datedAt: ts('dated_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug').on(t.slug),
    index('blog_posts_dated').on(t.datedAt, t.id),
    index('blog_posts_popular').on(t.views, t.id),
    index('blog_posts_author').on(t.authorId, t.datedAt),
    index('blog_posts_title_trgm').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // The scheduled ones: a range scan of the future, however many posts are out.
    index('blog_posts_upcoming')
      .on(t.publishedAt)
      .where(sql`status = 'published'`),
  ],
);

/** Posts per stored status, kept by a trigger (0015), so the tab counts never count the table. */
export const blogStats = pgTable('blog_stats', {
  status: text('status').primaryKey(),
  posts: integer('posts').notNull().default(0),
});

export const blogRevisions = pgTable(
  'blog_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    content: text('content').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('blog_revisions_post').on(t.postId, t.createdAt)],
);

export const blogLikes = pgTable(
  'blog_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('blog_likes_post_at').on(t.postId, t.createdAt),
  ],
);

/** Comments: a top-level comment (no parent) and its replies (parent = the top-level one). */
export const blogComments = pgTable(
  'blog_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('blog_comments_post').on(t.postId, t.parentId, t.createdAt, t.id),
    index('blog_comments_parent').on(t.parentId, t.createdAt),
  ],
);

/** One view per person per post per day. */
export const blogViews = pgTable(
  'blog_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.day] })],
);
