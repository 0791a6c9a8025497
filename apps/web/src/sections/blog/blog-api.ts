import type {
  BlogBulkAnswer,
  BlogBulkBody,
  BlogComment,
  BlogPost,
  BlogPostBody,
  BlogPostPatch,
  BlogPostsAnswer,
  BlogPostsQuery,
  BlogPostSummary,
  BlogRevision,
  BlogThread,
} from '@bo/contract/blog';
import { BLOG_API, BLOG_EVENTS } from '@bo/contract/blog';
import { FILES_API } from '@bo/contract/files-paths';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { http, queryOf } from '../../lib/http';
import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { languageOption, toLanguage } from '../../locales/locales-config';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';

const clean = queryOf;

type One = { post: BlogPost };

const blogApi = api.enhanceEndpoints({ addTagTypes: ['BlogPost'] }).injectEndpoints({
  endpoints: (build) => ({
    blogPosts: build.query<BlogPostsAnswer, BlogPostsQuery>({
      query: (args) => ({ url: BLOG_API.posts, query: clean(args) }),
      providesTags: ['BlogPost'],
    }),
    blogPost: build.query<One, string>({
      query: (title) => ({ url: BLOG_API.post, query: { title } }),
      // Also by id: a comment on one post refetches that post's page only.
      providesTags: (answer) =>
        answer ? ['BlogPost', { type: 'BlogPost', id: answer.post.id }] : ['BlogPost'],
    }),
    blogRecent: build.query<{ recentPosts: BlogPostSummary[] }, string>({
      query: (title) => ({ url: BLOG_API.recent, query: { title } }),
      providesTags: ['BlogPost'],
    }),
    blogSearch: build.query<
      { results: Array<{ id: string; slug: string; title: string; cover: string | null }> },
      string
    >({
      query: (query) => ({ url: BLOG_API.search, query: { query } }),
    }),
    blogRevisions: build.query<{ revisions: BlogRevision[] }, string>({
      query: (id) => BLOG_API.revisions(id),
      providesTags: ['BlogPost'],
    }),
    createBlogPost: build.mutation<One, BlogPostBody>({
      query: (body) => ({ url: BLOG_API.posts, method: 'POST', body }),
      invalidatesTags: ['BlogPost'],
    }),
    updateBlogPost: build.mutation<One, { id: string; body: BlogPostPatch; quiet?: boolean }>({
      query: ({ id, body }) => ({ url: BLOG_API.one(id), method: 'PATCH', body }),
      // An autosave does not reload the lists under the editor.
      invalidatesTags: (_r, _e, arg) => (arg.quiet ? [] : ['BlogPost']),
    }),
    deleteBlogPost: build.mutation<null, string>({
      query: (id) => ({ url: BLOG_API.one(id), method: 'DELETE' }),
      invalidatesTags: ['BlogPost'],
    }),
    /** Several posts published, unpublished or deleted; the refused come back named with why. */
    bulkBlogPosts: build.mutation<BlogBulkAnswer, BlogBulkBody>({
      query: (body) => ({ url: BLOG_API.bulk, method: 'POST', body }),
      invalidatesTags: ['BlogPost'],
    }),
    likeBlogPost: build.mutation<{ likes: number; isLiked: boolean }, { id: string; on: boolean }>({
      query: ({ id, on }) => ({ url: BLOG_API.like(id), method: on ? 'POST' : 'DELETE' }),
      invalidatesTags: ['BlogPost'],
    }),
    commentBlogPost: build.mutation<
      { comment: BlogComment },
      { id: string; message: string; parentId?: string }
    >({
      query: ({ id, ...body }) => ({ url: BLOG_API.comments(id), method: 'POST', body }),
      invalidatesTags: ['BlogPost'],
    }),
    editBlogComment: build.mutation<{ comment: BlogComment }, { id: string; message: string }>({
      query: ({ id, message }) => ({
        url: BLOG_API.comment(id),
        method: 'PATCH',
        body: { message },
      }),
      invalidatesTags: ['BlogPost'],
    }),
    deleteBlogComment: build.mutation<null, string>({
      query: (id) => ({ url: BLOG_API.comment(id), method: 'DELETE' }),
      invalidatesTags: ['BlogPost'],
    }),
    hideBlogComment: build.mutation<{ comment: BlogComment }, { id: string; hidden: boolean }>({
      query: ({ id, hidden }) => ({
        url: BLOG_API.hideComment(id),
        method: 'POST',
        body: { hidden },
      }),
      invalidatesTags: ['BlogPost'],
    }),
    restoreBlogRevision: build.mutation<One, { id: string; revisionId: string }>({
      query: ({ id, revisionId }) => ({ url: BLOG_API.restore(id, revisionId), method: 'POST' }),
      invalidatesTags: ['BlogPost'],
    }),
  }),
});

export const {
  useBlogPostsQuery,
  useBlogPostQuery,
  useBlogRecentQuery,
  useBlogSearchQuery,
  useBlogRevisionsQuery,
  useCreateBlogPostMutation,
  useUpdateBlogPostMutation,
  useDeleteBlogPostMutation,
  useBulkBlogPostsMutation,
  useLikeBlogPostMutation,
  useCommentBlogPostMutation,
  useEditBlogCommentMutation,
  useDeleteBlogCommentMutation,
  useHideBlogCommentMutation,
  useRestoreBlogRevisionMutation,
} = blogApi;

/** While a post is open, its comments follow what others write (the socket names the post). */
export function useBlogCommentsLive(postId: string | undefined) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!postId) return undefined;
    return subscribeRealtime((event) => {
      const changed =
        event.type === BLOG_EVENTS.commentsChanged &&
        (event.payload as { postId?: string } | null)?.postId === postId;
      if (changed || event.type === REALTIME_RESYNC)
        dispatch(blogApi.util.invalidateTags([{ type: 'BlogPost', id: postId }]));
    });
  }, [dispatch, postId]);
}

/** More top-level comments after the cursor the post answered (not cached: appended on screen). */
export function loadMoreComments(id: string, after: string) {
  return http<{ comments: BlogThread[]; after: string | null }>(BLOG_API.comments(id), {
    query: { after },
  });
}

/** Uploads an image through the one storage layer; answers its file id and URL. */
export async function uploadBlogImage(file: File): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('file', file);
  const answer = await http<{ file: { id: string; url: string } }>(FILES_API.upload, {
    method: 'POST',
    body: form,
    query: { kind: 'image' },
  });
  return answer.file;
}

/** Counts and dates in the person's language. */
export function useBlogFormat() {
  const { i18n } = useTranslation();
  const tag = languageOption(toLanguage(i18n.language)).htmlLang;
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const count = new Intl.NumberFormat(tag, { notation: 'compact' });
  return {
    date: (iso: string) => date.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    count: (n: number) => count.format(n),
  };
}
