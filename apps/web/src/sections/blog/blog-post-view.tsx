import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditRounded from '@mui/icons-material/EditRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import type { BlogComment, BlogPost, BlogThread } from '@bo/contract/blog';
import { BLOG_LIMITS } from '@bo/contract/blog';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useHasAccess } from '../../auth/role-based-guard';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { paths } from '../../routes/paths';
import {
  loadMoreComments,
  useBlogCommentsLive,
  useBlogFormat,
  useBlogPostQuery,
  useBlogRecentQuery,
  useCommentBlogPostMutation,
  useDeleteBlogCommentMutation,
  useEditBlogCommentMutation,
  useHideBlogCommentMutation,
  useLikeBlogPostMutation,
} from './blog-api';

const BlogContent = lazy(() =>
  import('./blog-rich-text').then((m) => ({ default: m.BlogContent })),
);

const errorText = (err: unknown, fallback: string) =>
  (err as { details?: Array<{ message: string }>; message?: string }).details?.[0]?.message ??
  (err as { message?: string }).message ??
  fallback;

/** /dashboard/blog/post/{slug or title} — the post, its likes, comments and recent posts. */
export function BlogPostView({ title }: { title: string }) {
  const { t } = useTranslation();
  const format = useBlogFormat();
  const { data, isLoading, error } = useBlogPostQuery(title);
  const post = data?.post;
  useBlogCommentsLive(post?.id);

  if (isLoading) {
    return (
      <Box sx={{ px: { xs: 2, md: 3 } }} aria-busy="true">
        <Skeleton variant="rectangular" height={320} sx={{ borderRadius: 2, mb: 3 }} />
        <Skeleton width="60%" height={48} />
        <Skeleton width="90%" />
        <Skeleton width="85%" />
      </Box>
    );
  }
  if (error || !post) {
    return (
      <Box sx={{ px: { xs: 2, md: 3 } }}>
        <EmptyContent
          title={t('blog.post.notFound')}
          action={
            <Button component={RouterLink} to={paths.dashboard.blog.posts} variant="outlined">
              {t('blog.post.back')}
            </Button>
          }
        />
      </Box>
    );
  }

  const when = post.status === 'scheduled' ? post.publishAt : post.publishedAt;
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pb: 6 }}>
      <PageHeader
        title={post.title}
        sx={{ mb: 3 }}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.blog'), href: paths.dashboard.blog.posts },
          { name: post.title },
        ]}
        action={
          post.canEdit ? (
            <Button
              component={RouterLink}
              to={paths.dashboard.blog.edit(post.slug)}
              variant="outlined"
              startIcon={<EditRounded />}
            >
              {t('blog.post.edit')}
            </Button>
          ) : undefined
        }
      />
      <Card sx={{ overflow: 'hidden', mb: 4 }}>
        <Box
          sx={{
            position: 'relative',
            minHeight: { xs: 220, md: 340 },
            display: 'flex',
            alignItems: 'flex-end',
            bgcolor: 'grey.800',
          }}
        >
          {post.coverImage && (
            <Box
              component="img"
              src={post.coverImage.url}
              alt={post.coverImage.alt}
              sx={{ position: 'absolute', inset: 0, width: 1, height: 1, objectFit: 'cover' }}
            />
          )}
          <Box
            sx={{
              position: 'relative',
              width: 1,
              p: { xs: 3, md: 5 },
              color: 'common.white',
              background: 'linear-gradient(to top, rgba(0,0,0,0.82), rgba(0,0,0,0.35))',
            }}
          >
            <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
              {post.status !== 'published' && (
                <Label color={post.status === 'draft' ? 'default' : 'info'} variant="filled">
                  {t(`blog.tab.${post.status}`)}
                </Label>
              )}
            </Stack>
            <Typography
              variant="h3"
              component="p"
              dir="auto"
              sx={{ mb: 2, fontSize: { xs: 26, md: 40 } }}
            >
              {post.title}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Avatar src={post.author?.avatarUrl ?? undefined} alt="">
                {post.author?.name.slice(0, 1)}
              </Avatar>
              <Box>
                <Typography variant="subtitle2">
                  {post.author?.name ?? t('blog.post.formerAuthor')}
                </Typography>
                <Typography variant="caption">
                  {when ? format.dateTime(when) : t('blog.post.notPublished')} ·{' '}
                  {t('blog.post.readingTime', { n: post.readingMinutes })} ·{' '}
                  {t('blog.card.views', { n: post.views })}
                </Typography>
              </Box>
            </Stack>
          </Box>
        </Box>
      </Card>

      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          {post.description && (
            <Typography variant="subtitle1" dir="auto" sx={{ mb: 3 }}>
              {post.description}
            </Typography>
          )}
          <Suspense fallback={<Skeleton height={200} />}>
            <BlogContent html={post.content} />
          </Suspense>
          {post.tags.length > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 3 }}>
              {post.tags.map((tag) => (
                <Chip
                  key={tag}
                  label={tag}
                  size="small"
                  variant="outlined"
                  component={RouterLink}
                  to={`${paths.dashboard.blog.posts}?q=${encodeURIComponent(tag)}`}
                  clickable
                />
              ))}
            </Stack>
          )}
          <Likes post={post} />
          <Divider sx={{ my: 4 }} />
          <Comments post={post} />
        </Box>
        <RecentPosts title={post.slug} />
      </Box>
    </Box>
  );
}

function Likes({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const [like, state] = useLikeBlogPostMutation();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button
        variant={post.isLiked ? 'contained' : 'outlined'}
        color="error"
        aria-pressed={post.isLiked}
        disabled={state.isLoading}
        data-testid="blog-like"
        startIcon={post.isLiked ? <FavoriteRounded /> : <FavoriteBorderRounded />}
        onClick={() =>
          like({ id: post.id, on: !post.isLiked })
            .unwrap()
            .catch((err) => notify.error(errorText(err, t('blog.error'))))
        }
      >
        {t('blog.post.likes', { n: post.likes })}
      </Button>
      {post.favoritePerson.length > 0 && (
        <AvatarGroup max={8} aria-label={t('blog.post.favoritePerson')}>
          {post.favoritePerson.map((p) => (
            <Tooltip key={p.id} title={p.name}>
              <Avatar src={p.avatarUrl ?? undefined} alt={p.name} sx={{ width: 32, height: 32 }}>
                {p.name.slice(0, 1)}
              </Avatar>
            </Tooltip>
          ))}
        </AvatarGroup>
      )}
    </Stack>
  );
}

function Comments({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const [more, setMore] = useState<BlogThread[]>([]);
  const [after, setAfter] = useState<string | null>(post.commentsAfter);
  useEffect(() => {
    setMore([]);
    setAfter(post.commentsAfter);
  }, [post.id, post.commentsAfter]);
  const threads = [...post.commentList, ...more];
  return (
    <Box component="section" aria-labelledby="blog-comments-title">
      <Typography id="blog-comments-title" variant="h5" component="h2" sx={{ mb: 3 }}>
        {t('blog.comments.title', { n: post.commentCount })}
      </Typography>
      {post.allowComments || post.canEdit ? (
        <CommentForm postId={post.id} />
      ) : (
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('blog.comments.closed')}</Typography>
      )}
      <Stack spacing={3} sx={{ mt: 3 }} data-testid="blog-comments">
        {threads.map((thread) => (
          <Box key={thread.id}>
            <CommentItem
              comment={thread}
              postId={post.id}
              allowReply={post.allowComments || post.canEdit}
            />
            {thread.replies.length > 0 && (
              <Stack spacing={2} sx={{ mt: 2, pl: { xs: 3, md: 7 } }}>
                {thread.replies.map((reply) => (
                  <CommentItem
                    key={reply.id}
                    comment={reply}
                    postId={post.id}
                    allowReply={post.allowComments || post.canEdit}
                    replyTo={thread.id}
                  />
                ))}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      {after && (
        <Button
          sx={{ mt: 3 }}
          onClick={async () => {
            const page = await loadMoreComments(post.id, after);
            setMore((list) => [...list, ...page.comments]);
            setAfter(page.after);
          }}
        >
          {t('blog.comments.more')}
        </Button>
      )}
    </Box>
  );
}

/** Ctrl+Enter (⌘+Enter on a Mac) posts what is written; Enter alone starts a new line. */
const isSendKey = (event: KeyboardEvent) =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing;

function CommentForm({
  postId,
  parentId,
  onDone,
  autoFocus,
}: {
  postId: string;
  parentId?: string;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, state] = useCommentBlogPostMutation();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!message.trim()) {
          setError(t('blog.comments.required'));
          return;
        }
        try {
          await send({ id: postId, message: message.trim(), parentId }).unwrap();
          setMessage('');
          setError(null);
          onDone?.();
        } catch (err) {
          setError(errorText(err, t('blog.error')));
        }
      }}
    >
      <TextField
        fullWidth
        multiline
        minRows={parentId ? 2 : 3}
        autoFocus={autoFocus}
        label={parentId ? t('blog.comments.reply') : t('blog.comments.write')}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        onKeyDown={(event) => {
          if (isSendKey(event)) {
            event.preventDefault();
            event.currentTarget.closest('form')?.requestSubmit();
          }
        }}
        error={Boolean(error)}
        helperText={error ?? t('blog.comments.sendHint')}
        slotProps={{
          htmlInput: { maxLength: BLOG_LIMITS.comment, 'aria-keyshortcuts': 'Control+Enter' },
        }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onDone && <Button onClick={onDone}>{t('blog.cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={state.isLoading}>
          {parentId ? t('blog.comments.sendReply') : t('blog.comments.send')}
        </Button>
      </Stack>
    </Box>
  );
}

function CommentItem({
  comment,
  postId,
  allowReply,
  replyTo,
}: {
  comment: BlogComment;
  postId: string;
  allowReply: boolean;
  replyTo?: string;
}) {
  const { t } = useTranslation();
  const format = useBlogFormat();
  const canManage = useHasAccess(undefined, ['blog:manage']);
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.message);
  const [confirming, setConfirming] = useState(false);
  const [edit] = useEditBlogCommentMutation();
  const [remove, removing] = useDeleteBlogCommentMutation();
  const [hide] = useHideBlogCommentMutation();
  const fail = (err: unknown) => notify.error(errorText(err, t('blog.error')));
  const saveEdit = () =>
    void edit({ id: comment.id, message: draft.trim() })
      .unwrap()
      .then(() => setEditing(false), fail);
  return (
    <Stack direction="row" spacing={2} data-testid="blog-comment">
      <Avatar src={comment.author?.avatarUrl ?? undefined} alt="">
        {comment.author?.name.slice(0, 1)}
      </Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2">
            {comment.author?.name ?? t('blog.post.formerAuthor')}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {format.dateTime(comment.createdAt)}
          </Typography>
          {comment.hidden && <Label color="warning">{t('blog.comments.hidden')}</Label>}
        </Stack>
        {editing ? (
          <Stack spacing={1} sx={{ mt: 1 }}>
            <TextField
              multiline
              fullWidth
              label={t('blog.comments.editLabel')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (isSendKey(event)) {
                  event.preventDefault();
                  saveEdit();
                }
              }}
              slotProps={{ htmlInput: { 'aria-keyshortcuts': 'Control+Enter' } }}
            />
            <Stack direction="row" spacing={1}>
              <Button variant="contained" size="small" onClick={saveEdit}>
                {t('blog.save')}
              </Button>
              <Button size="small" onClick={() => setEditing(false)}>
                {t('blog.cancel')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Typography
            variant="body2"
            sx={{
              mt: 0.5,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              color: comment.message ? 'text.primary' : 'text.secondary',
            }}
          >
            {comment.message || t('blog.comments.hiddenText')}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
          {allowReply && (
            <Button size="small" onClick={() => setReplying((v) => !v)}>
              {t('blog.comments.replyAction')}
            </Button>
          )}
          {comment.isOwn && !editing && (
            <Button
              size="small"
              onClick={() => {
                setDraft(comment.message);
                setEditing(true);
              }}
            >
              {t('blog.comments.edit')}
            </Button>
          )}
          {canManage && (
            <Button
              size="small"
              onClick={() => hide({ id: comment.id, hidden: !comment.hidden }).unwrap().catch(fail)}
            >
              {comment.hidden ? t('blog.comments.show') : t('blog.comments.hide')}
            </Button>
          )}
          {(comment.isOwn || canManage) && (
            <Button size="small" color="error" onClick={() => setConfirming(true)}>
              {t('blog.comments.delete')}
            </Button>
          )}
        </Stack>
        {replying && (
          <Box sx={{ mt: 1 }}>
            <CommentForm
              postId={postId}
              parentId={replyTo ?? comment.id}
              autoFocus
              onDone={() => setReplying(false)}
            />
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('blog.comments.deleteTitle')}
        content={t('blog.comments.deleteText')}
        action={t('blog.comments.delete')}
        busy={removing.isLoading}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove(comment.id)
            .unwrap()
            .catch(fail)
            .finally(() => setConfirming(false))
        }
      />
    </Stack>
  );
}

function RecentPosts({ title }: { title: string }) {
  const { t } = useTranslation();
  const format = useBlogFormat();
  const { data } = useBlogRecentQuery(title);
  if (!data || data.recentPosts.length === 0) return null;
  return (
    <Box component="aside" aria-labelledby="blog-recent-title">
      <Typography id="blog-recent-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('blog.post.recent')}
      </Typography>
      <Stack spacing={2}>
        {data.recentPosts.map((p) => (
          <Stack key={p.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {p.coverImage ? (
              <Box
                component="img"
                src={p.coverImage.url}
                alt=""
                sx={{ width: 64, height: 64, borderRadius: 1.5, objectFit: 'cover', flexShrink: 0 }}
              />
            ) : (
              <Box
                sx={{
                  width: 64,
                  height: 64,
                  borderRadius: 1.5,
                  bgcolor: 'background.neutral',
                  flexShrink: 0,
                }}
              />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={paths.dashboard.blog.view(p.slug)}
                variant="subtitle2"
                color="inherit"
                underline="hover"
              >
                {p.title}
              </Link>
              {p.publishedAt && (
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  {format.date(p.publishedAt)}
                </Typography>
              )}
            </Box>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
