import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BLOG_API,
  BLOG_EVENTS,
  blogBulkAnswerSchema,
  blogBulkBodySchema,
  blogCommentAnswerSchema,
  blogCommentBodySchema,
  blogCommentHideSchema,
  blogCommentPatchSchema,
  blogCommentsAnswerSchema,
  blogCommentsQuerySchema,
  blogIdParamsSchema,
  blogLikeAnswerSchema,
  blogPostAnswerSchema,
  blogPostBodySchema,
  blogPostPatchSchema,
  blogPostQuerySchema,
  blogPostsAnswerSchema,
  blogPostsQuerySchema,
  blogRecentAnswerSchema,
  blogRevisionParamsSchema,
  blogRevisionsAnswerSchema,
  blogSearchAnswerSchema,
  blogSearchQuerySchema,
} from '@bo/contract/blog';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { answerList, limitMaxOf, withUnpaged } from '../../lib/unpaged.js';
import { requireAuth } from '../../plugins/auth.js';
import type { ReadCacheRule } from '../../plugins/read-cache.js';
import { LruCache } from '../../lib/lru.js';
import { eq } from 'drizzle-orm';
import { blogPosts } from '../../db/schema/content.js';
import { emitWebhookEvent } from '../../lib/webhooks.js';
import {
  addComment,
  countView,
  createPost,
  deleteComment,
  deletePost,
  editComment,
  findPostRow,
  hideComment,
  listPosts,
  listRevisions,
  loadPost,
  loadThreads,
  recentPosts,
  restoreRevision,
  searchPosts,
  setLike,
  updatePost,
  upcomingPublications,
  type Reader,
} from './queries.js';

const read = { permission: 'blog:read' } as const;
const write = { permission: 'blog:write' } as const;
const tags = ['blog'];
const POST_TABLES = ['blog_posts', 'blog_likes', 'users'];
const BLOG_LIMIT_MAX = limitMaxOf(blogPostsQuerySchema);

const readerOf = (request: FastifyRequest): Reader => {
  const auth = requireAuth(request);
  return {
    userId: auth.userId,
    canWrite: auth.permissions.has('blog:write'),
    canManage: auth.permissions.has('blog:manage'),
  };
};

/**
 * The blog: the spec's read calls (`/api/blog/posts`, `/post?title=`, `/posts/recent`,
 * `/posts/search`) and the REST writes. Every write runs in one transaction with its audit entry.
 * A scheduled post appears at its time: visibility is decided at read time, and cached answers
 * vary with the number of scheduled times already passed, so none outlives one.
 */
export async function blogRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, versions } = app.services;
  const fileUrl = (key: string) => app.storage.url(key);

  // The next publication times ahead (ascending), reloaded when the posts change.
  let schedule: { stamp: number; times: number[]; more: boolean } = {
    stamp: -1,
    times: [],
    more: false,
  };
  const SCHEDULE_WINDOW = 200;
  async function refreshSchedule() {
    const stamp = versions.stamp(['blog_posts']);
    const passed = schedule.times.filter((t) => t <= Date.now()).length;
    const exhausted = schedule.more && passed === schedule.times.length;
    if (stamp === schedule.stamp && !exhausted) return;
    const list = await upcomingPublications(db, SCHEDULE_WINDOW + 1);
    schedule = {
      stamp,
      times: list.slice(0, SCHEDULE_WINDOW),
      more: list.length > SCHEDULE_WINDOW,
    };
  }
  const scheduleVary = () =>
    `s${schedule.stamp}:${schedule.times.filter((t) => t <= Date.now()).length}`;
  const cached = (tables: string[]): ReadCacheRule => ({
    tables,
    scope: 'user',
    vary: scheduleVary,
  });
  // Before the read cache looks (its hook runs at preHandler), the schedule is current.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' && request.routeOptions.config.cache) await refreshSchedule();
  });

  const audited = <T>(
    request: FastifyRequest,
    action: string,
    targetId: string | null,
    work: (tx: Executor) => Promise<T>,
  ) =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      const target =
        targetId ??
        (typeof result === 'string' ? result : ((result as { id?: string } | null)?.id ?? null));
      await audit(tx, request, {
        actorId: requireAuth(request).userId,
        action: `blog.${action}`,
        targetId: target,
      });
      return result;
    });

  /** Once committed, open pages of the post refetch its comments (ids only on the socket). */
  const commentsChanged = (postId: string, actorId: string) =>
    app.services.events.publish({
      type: BLOG_EVENTS.commentsChanged,
      audience: 'all',
      payload: { postId, actorId },
    });

  const postById = async (tx: Executor, reader: Reader, id: string) => {
    const row = await findPostRow(tx, reader, id);
    if (!row) throw notFound('Post');
    return loadPost(tx, reader, row);
  };

  app.get(
    BLOG_API.posts,
    {
      config: { ...read, cache: withUnpaged(cached([...POST_TABLES, 'blog_stats']), 'cursor') },
      schema: {
        operationId: 'listBlogPosts',
        tags,
        summary:
          'Posts by tab (all/published/draft/scheduled), sort, search; cursor paging (without ' +
          'after or limit, up to UNPAGED_LIST_MAX posts and Link rel="next")',
        querystring: blogPostsQuerySchema,
        response: { 200: blogPostsAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      answerList(request, reply, {
        kind: 'cursor',
        limitMax: BLOG_LIMIT_MAX,
        asked: request.query,
        rows: (answer) => answer.posts.length,
        read: (size: number | null) =>
          listPosts(
            db,
            readerOf(request),
            size === null ? request.query : { ...request.query, limit: size },
          ),
      }),
  );

  app.get(
    BLOG_API.recent,
    {
      config: { ...read, cache: cached(POST_TABLES) },
      schema: {
        operationId: 'listRecentBlogPosts',
        tags,
        summary: 'The latest published posts other than the one named',
        querystring: z.object({ title: z.string().trim().max(300).optional() }),
        response: { 200: blogRecentAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      recentPosts: await recentPosts(db, readerOf(request), request.query.title),
    }),
  );

  app.get(
    BLOG_API.search,
    {
      config: { ...read, cache: cached(['blog_posts']) },
      schema: {
        operationId: 'searchBlogPosts',
        tags,
        summary: 'Posts whose title holds the query (suggestions)',
        querystring: blogSearchQuerySchema,
        response: { 200: blogSearchAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ results: await searchPosts(db, readerOf(request), request.query.query) }),
  );

  // Views count once per person, post and day. The first read of the day records it before the
  // read cache looks (so a cached answer still counts); later reads the same day skip the write.
  const viewed = new LruCache<{ size: number }>(50_000, 8 * 1024 * 1024);
  const countFirstView = async (request: FastifyRequest) => {
    const title = String((request.query as { title?: unknown }).title ?? '').trim();
    if (!title || title.length > 300 || !request.auth) return;
    const day = new Date().toISOString().slice(0, 10);
    const key = `${request.auth.userId}|${day}|${title}`;
    if (viewed.get(key)) return;
    const reader = readerOf(request);
    const row = await findPostRow(db, reader, title);
    if (row?.status === 'published' && (row.publishedAt?.getTime() ?? 0) <= Date.now())
      await countView(db, reader.userId, row.id);
    viewed.set(key, { size: key.length });
  };

  app.get(
    BLOG_API.post,
    {
      config: { ...read, cache: cached([...POST_TABLES, 'blog_comments']) },
      preValidation: countFirstView,
      schema: {
        operationId: 'getBlogPost',
        tags,
        summary: 'One post by slug or title, with its first comments; counts a view a day',
        querystring: blogPostQuerySchema,
        response: { 200: blogPostAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const reader = readerOf(request);
      const row = await findPostRow(db, reader, request.query.title);
      if (!row) throw notFound('Post');
      return { post: await loadPost(db, reader, row) };
    },
  );

  app.post(
    BLOG_API.posts,
    {
      config: write,
      schema: {
        operationId: 'createBlogPost',
        tags,
        summary: 'Write a post (draft, published now, or scheduled with publishAt)',
        body: withExample(blogPostBodySchema, {
          title: 'Ten years of the back-office',
          description: 'What we learnt on the way',
          content: '<p>It started with one table.</p>',
          tags: ['news'],
          status: 'published',
        }),
        response: { 201: blogPostAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request);
      const post = await audited(request, 'post.create', null, async (tx) => {
        const id = await createPost(tx, reader, request.body, fileUrl);
        return postById(tx, reader, id);
      });
      if (post.status === 'published') await emitWebhookEvent(app, 'post.published', { post });
      return reply.code(201).send({ post });
    },
  );

  app.patch(
    BLOG_API.one.pattern,
    {
      config: write,
      schema: {
        operationId: 'updateBlogPost',
        tags,
        summary: 'Edit, publish, unpublish or schedule a post (its author or an editor)',
        params: blogIdParamsSchema,
        body: blogPostPatchSchema,
        response: { 200: blogPostAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const reader = readerOf(request);
      const { id } = request.params;
      let wasPublished = false;
      const post = await audited(request, 'post.update', id, async (tx) => {
        const [before] = await tx
          .select({ status: blogPosts.status, publishedAt: blogPosts.publishedAt })
          .from(blogPosts)
          .where(eq(blogPosts.id, id));
        wasPublished =
          before?.status === 'published' && (before.publishedAt?.getTime() ?? 0) <= Date.now();
        await updatePost(tx, reader, id, request.body, fileUrl);
        return postById(tx, reader, id);
      });
      if (!wasPublished && post.status === 'published')
        await emitWebhookEvent(app, 'post.published', { post });
      return { post };
    },
  );

  app.delete(
    BLOG_API.one.pattern,
    {
      config: write,
      schema: {
        operationId: 'deleteBlogPost',
        tags,
        summary: 'Delete a post with its comments, likes and revisions',
        params: blogIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request);
      await audited(request, 'post.delete', request.params.id, (tx) =>
        deletePost(tx, reader, request.params.id),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    BLOG_API.bulk,
    {
      config: write,
      schema: {
        operationId: 'bulkBlogPosts',
        tags,
        summary:
          'Publish, unpublish or delete several posts in one transaction, each checked as the single call checks it (its author or an editor); those refused are named with the reason',
        body: blogBulkBodySchema,
        response: { 200: blogBulkAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const reader = readerOf(request);
      const { action } = request.body;
      const ids = [...new Set(request.body.ids)];
      const published: string[] = [];
      const { changed, refused } = await db.transaction(async (tx) => {
        const done: string[] = [];
        const no: Array<{ id: string; title: string; code: string; message: string }> = [];
        for (const id of ids) {
          // Each post in a savepoint of its own: a refused one leaves the others' changes.
          try {
            await tx.transaction(async (sp) => {
              if (action === 'delete') return deletePost(sp, reader, id);
              const [before] = await sp
                .select({ status: blogPosts.status, publishedAt: blogPosts.publishedAt })
                .from(blogPosts)
                .where(eq(blogPosts.id, id));
              const status = action === 'publish' ? 'published' : 'draft';
              await updatePost(sp, reader, id, { status }, fileUrl);
              const wasLive =
                before?.status === 'published' &&
                (before.publishedAt?.getTime() ?? 0) <= Date.now();
              if (action === 'publish' && !wasLive) published.push(id);
            });
            done.push(id);
          } catch (error) {
            if (!(error instanceof HttpError) || ![403, 404].includes(error.statusCode))
              throw error;
            // A post the caller may not see stays unnamed (its title is not theirs to read).
            const [row] =
              error.statusCode === 403
                ? await tx
                    .select({ title: blogPosts.title })
                    .from(blogPosts)
                    .where(eq(blogPosts.id, id))
                : [];
            no.push({
              id,
              title: row?.title ?? '',
              code: error.statusCode === 403 ? 'forbidden' : 'not_found',
              message: error.message,
            });
          }
        }
        if (done.length)
          await audit(tx, request, {
            actorId: reader.userId,
            action: 'blog.post.bulk',
            meta: { action, count: done.length, refused: no.length, postIds: done.slice(0, 100) },
          });
        return { changed: done, refused: no };
      });
      for (const id of published) {
        const post = await postById(db, reader, id).catch(() => null);
        if (post?.status === 'published') await emitWebhookEvent(app, 'post.published', { post });
      }
      return { changed, refused };
    },
  );

  for (const on of [true, false]) {
    const route = on ? app.post.bind(app) : app.delete.bind(app);
    route(
      BLOG_API.like.pattern,
      {
        config: read,
        schema: {
          operationId: on ? 'likeBlogPost' : 'unlikeBlogPost',
          tags,
          summary: on ? 'Like a post' : 'Take back a like',
          params: blogIdParamsSchema,
          response: { 200: blogLikeAnswerSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        return db.transaction((tx) => setLike(tx, readerOf(request), id, on));
      },
    );
  }

  app.get(
    BLOG_API.comments.pattern,
    {
      config: read,
      schema: {
        operationId: 'listBlogComments',
        tags,
        summary: 'More top-level comments (after the cursor the post answered), with replies',
        params: blogIdParamsSchema,
        querystring: blogCommentsQuerySchema,
        response: { 200: blogCommentsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const reader = readerOf(request);
      await postById(db, reader, request.params.id);
      return loadThreads(db, reader, request.params.id, request.query.after);
    },
  );

  app.post(
    BLOG_API.comments.pattern,
    {
      config: read,
      schema: {
        operationId: 'createBlogComment',
        tags,
        summary: 'Comment on a post, or reply to a comment (parentId)',
        params: blogIdParamsSchema,
        body: blogCommentBodySchema,
        response: { 201: blogCommentAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request);
      const comment = await audited(request, 'comment.create', request.params.id, (tx) =>
        addComment(tx, reader, request.params.id, request.body.message, request.body.parentId),
      );
      await commentsChanged(request.params.id, reader.userId);
      return reply.code(201).send({ comment });
    },
  );

  app.patch(
    BLOG_API.comment.pattern,
    {
      config: read,
      schema: {
        operationId: 'updateBlogComment',
        tags,
        summary: "Edit one's own comment",
        params: blogIdParamsSchema,
        body: blogCommentPatchSchema,
        response: { 200: blogCommentAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      comment: await audited(request, 'comment.update', request.params.id, (tx) =>
        editComment(tx, readerOf(request), request.params.id, request.body.message),
      ),
    }),
  );

  app.delete(
    BLOG_API.comment.pattern,
    {
      config: read,
      schema: {
        operationId: 'deleteBlogComment',
        tags,
        summary: "Delete one's own comment (an editor: anyone's), with its replies",
        params: blogIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const postId = await audited(request, 'comment.delete', request.params.id, (tx) =>
        deleteComment(tx, readerOf(request), request.params.id),
      );
      await commentsChanged(postId, requireAuth(request).userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    BLOG_API.hideComment.pattern,
    {
      config: { permission: 'blog:manage' },
      schema: {
        operationId: 'setBlogCommentHidden',
        tags,
        summary: 'Hide or show a comment (editors)',
        params: blogIdParamsSchema,
        body: blogCommentHideSchema,
        response: { 200: blogCommentAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      comment: await audited(request, 'comment.hide', request.params.id, (tx) =>
        hideComment(tx, readerOf(request), request.params.id, request.body.hidden),
      ),
    }),
  );

  app.get(
    BLOG_API.revisions.pattern,
    {
      config: write,
      schema: {
        operationId: 'listBlogPostRevisions',
        tags,
        summary: 'The saved versions of a post, newest first',
        params: blogIdParamsSchema,
        response: { 200: blogRevisionsAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      revisions: await listRevisions(db, readerOf(request), request.params.id),
    }),
  );

  app.post(
    BLOG_API.restore.pattern,
    {
      config: write,
      schema: {
        operationId: 'restoreBlogPostRevision',
        tags,
        summary: "Make a revision the post's title, description and content again",
        params: blogRevisionParamsSchema,
        response: { 200: blogPostAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const reader = readerOf(request);
      const { id, revisionId } = request.params;
      const post = await audited(request, 'post.restore', id, async (tx) => {
        await restoreRevision(tx, reader, id, revisionId, fileUrl);
        return postById(tx, reader, id);
      });
      return { post };
    },
  );
}
