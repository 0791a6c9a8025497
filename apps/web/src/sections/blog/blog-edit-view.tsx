import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import type { BlogPost, BlogPostBody } from '@bo/contract/blog';
import { BLOG_LIMITS } from '@bo/contract/blog';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { paths } from '../../routes/paths';
import {
  uploadBlogImage,
  useBlogFormat,
  useBlogPostQuery,
  useBlogRevisionsQuery,
  useCreateBlogPostMutation,
  useRestoreBlogRevisionMutation,
  useUpdateBlogPostMutation,
} from './blog-api';
import { DateField } from '../../components/form/date-field';

const BlogEditor = lazy(() => import('./blog-rich-text').then((m) => ({ default: m.BlogEditor })));
const BlogContent = lazy(() =>
  import('./blog-rich-text').then((m) => ({ default: m.BlogContent })),
);

type Form = {
  title: string;
  description: string;
  content: string;
  cover: { fileId: string | null; url: string } | null;
  coverAlt: string;
  tags: string[];
  publish: boolean;
  publishAt: string;
  allowComments: boolean;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string[];
};

const EMPTY: Form = {
  title: '',
  description: '',
  content: '',
  cover: null,
  coverAlt: '',
  tags: [],
  publish: false,
  publishAt: '',
  allowComments: true,
  metaTitle: '',
  metaDescription: '',
  metaKeywords: [],
};

/** A local date-time field's value (yyyy-MM-ddTHH:mm) from an ISO time, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function formOf(post: BlogPost): Form {
  return {
    title: post.title,
    description: post.description,
    content: post.content,
    cover: post.coverImage ? { fileId: post.coverImage.fileId, url: post.coverImage.url } : null,
    coverAlt: post.coverImage?.alt ?? '',
    tags: post.tags,
    publish: post.status !== 'draft',
    publishAt: post.status === 'scheduled' ? toLocalInput(post.publishAt) : '',
    allowComments: post.allowComments,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    metaKeywords: post.metaKeywords,
  };
}

function bodyOf(form: Form): BlogPostBody {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    content: form.content,
    ...(form.cover?.fileId !== undefined ? { coverFileId: form.cover?.fileId ?? null } : {}),
    coverAlt: form.coverAlt.trim(),
    tags: form.tags,
    status: form.publish ? 'published' : 'draft',
    publishAt: form.publish && form.publishAt ? fromLocalInput(form.publishAt) : null,
    allowComments: form.allowComments,
    metaTitle: form.metaTitle.trim(),
    metaDescription: form.metaDescription.trim(),
    metaKeywords: form.metaKeywords,
  };
}

/** /dashboard/blog/new and /dashboard/blog/post/{slug}/edit. */
export function BlogEditView({ title }: { title?: string }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useBlogPostQuery(title ?? '', { skip: !title });
  if (title && isLoading) {
    return (
      <Box sx={{ px: { xs: 2, md: 3 } }} aria-busy="true">
        <Skeleton width="40%" height={48} />
        <Skeleton variant="rectangular" height={400} sx={{ borderRadius: 2 }} />
      </Box>
    );
  }
  if (title && (error || !data)) {
    return (
      <Box sx={{ px: { xs: 2, md: 3 } }}>
        <EmptyContent title={t('blog.post.notFound')} />
      </Box>
    );
  }
  if (data && !data.post.canEdit) {
    return (
      <Box sx={{ px: { xs: 2, md: 3 } }}>
        <EmptyContent title={t('blog.editor.notYours')} />
      </Box>
    );
  }
  return <PostForm key={data?.post.id ?? 'new'} post={data?.post} />;
}

function PostForm({ post }: { post?: BlogPost }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useBlogFormat();
  const [form, setForm] = useState<Form>(post ? formOf(post) : EMPTY);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState(false);
  const [history, setHistory] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [create, creating] = useCreateBlogPostMutation();
  const [update, updating] = useUpdateBlogPostMutation();
  const leaving = useRef(false);
  const coverInput = useRef<HTMLInputElement>(null);

  const change = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setDirty(true);
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };

  // Leave-page warning while there are unsaved changes (in-app navigation and closing the tab).
  const blocker = useBlocker(() => dirty && !leaving.current);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Autosave: an existing draft is saved a few seconds after the last change.
  useEffect(() => {
    if (!post || !dirty || form.publish || post.status !== 'draft' || !form.title.trim()) return;
    const timer = setTimeout(async () => {
      try {
        await update({ id: post.id, body: bodyOf(form), quiet: true }).unwrap();
        setDirty(false);
        setSavedAt(new Date().toISOString());
      } catch {
        /* the explicit save reports errors next to the fields */
      }
    }, 3000);
    return () => clearTimeout(timer);
  }, [form, dirty, post, update]);

  const fail = (err: unknown) => {
    const details = (err as { details?: Array<{ field: string; message: string }> }).details ?? [];
    if (details.length) {
      setErrors(Object.fromEntries(details.map((d) => [d.field.split('.')[0]!, d.message])));
      document.getElementById(`blog-field-${details[0]!.field.split('.')[0]}`)?.focus();
    } else notify.error((err as { message?: string }).message ?? t('blog.error'));
  };

  const save = async () => {
    if (!form.title.trim()) {
      setErrors({ title: t('blog.editor.titleRequired') });
      document.getElementById('blog-field-title')?.focus();
      return;
    }
    if (form.cover && !form.coverAlt.trim()) {
      setErrors({ coverAlt: t('blog.editor.coverAltRequired') });
      document.getElementById('blog-field-coverAlt')?.focus();
      return;
    }
    try {
      const answer = post
        ? await update({ id: post.id, body: bodyOf(form) }).unwrap()
        : await create(bodyOf(form)).unwrap();
      setDirty(false);
      leaving.current = true;
      notify(
        answer.post.status === 'published'
          ? t('blog.editor.published')
          : answer.post.status === 'scheduled'
            ? t('blog.editor.scheduled')
            : t('blog.editor.saved'),
      );
      navigate(paths.dashboard.blog.view(answer.post.slug));
    } catch (err) {
      fail(err);
    }
  };

  const uploadCover = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await uploadBlogImage(file);
      change('cover', { fileId: uploaded.id, url: uploaded.url });
      // The description is asked for (the field below, empty): a file name describes nothing.
    } catch (err) {
      setErrors((e) => ({
        ...e,
        coverFileId: (err as { message?: string }).message ?? t('blog.error'),
      }));
    } finally {
      setUploading(false);
    }
  };

  const heading = post ? t('blog.editor.editTitle') : t('blog.editor.newTitle');
  const field = (key: keyof Form & string) => ({
    id: `blog-field-${key}`,
    error: Boolean(errors[key]),
    helperText: errors[key] ?? ' ',
  });

  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pb: 6 }}>
      <PageHeader
        title={heading}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.blog'), href: paths.dashboard.blog.posts },
          { name: heading },
        ]}
      />
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
        }}
      >
        <Card sx={{ p: 3 }}>
          <Stack spacing={1}>
            <TextField
              label={t('blog.editor.title')}
              value={form.title}
              required
              onChange={(event) => change('title', event.target.value)}
              slotProps={{ htmlInput: { maxLength: BLOG_LIMITS.title } }}
              {...field('title')}
            />
            <TextField
              label={t('blog.editor.description')}
              value={form.description}
              multiline
              minRows={2}
              onChange={(event) => change('description', event.target.value)}
              slotProps={{ htmlInput: { maxLength: BLOG_LIMITS.description } }}
              {...field('description')}
            />
            <Typography variant="subtitle2">{t('blog.editor.content')}</Typography>
            <Suspense fallback={<Skeleton variant="rectangular" height={300} />}>
              <BlogEditor
                label={t('blog.editor.content')}
                value={form.content}
                error={Boolean(errors.content)}
                onChange={(html) => change('content', html)}
              />
            </Suspense>
            {errors.content && <FormHelperText error>{errors.content}</FormHelperText>}

            <Typography variant="subtitle2" sx={{ pt: 2 }}>
              {t('blog.editor.cover')}
            </Typography>
            <Box
              role="button"
              tabIndex={0}
              aria-label={t('blog.editor.coverDrop')}
              data-testid="blog-cover-drop"
              onClick={() => coverInput.current?.click()}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  coverInput.current?.click();
                }
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                const file = event.dataTransfer.files[0];
                if (file) void uploadCover(file);
              }}
              sx={{
                border: '1px dashed',
                borderColor: errors.coverFileId ? 'error.main' : 'divider',
                borderRadius: 2,
                minHeight: 180,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                cursor: 'pointer',
                overflow: 'hidden',
                bgcolor: 'background.neutral',
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              {form.cover ? (
                <Box
                  component="img"
                  src={form.cover.url}
                  alt={form.coverAlt}
                  sx={{ width: 1, maxHeight: 280, objectFit: 'cover' }}
                />
              ) : (
                <Stack spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', p: 3 }}>
                  <CloudUploadOutlined />
                  <Typography variant="body2">
                    {uploading ? t('blog.editor.uploading') : t('blog.editor.coverDrop')}
                  </Typography>
                </Stack>
              )}
            </Box>
            <input
              ref={coverInput}
              type="file"
              accept="image/*"
              hidden
              data-testid="blog-cover-input"
              aria-label={t('blog.editor.cover')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void uploadCover(file);
              }}
            />
            {errors.coverFileId && <FormHelperText error>{errors.coverFileId}</FormHelperText>}
            {form.cover && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  fullWidth
                  size="small"
                  required
                  label={t('blog.editor.coverAlt')}
                  value={form.coverAlt}
                  onChange={(event) => change('coverAlt', event.target.value)}
                  {...field('coverAlt')}
                  helperText={errors.coverAlt ?? t('blog.editor.coverAltHint')}
                />
                <Button
                  color="error"
                  onClick={() => {
                    setForm((f) => ({ ...f, cover: null, coverAlt: '' }));
                    setDirty(true);
                  }}
                >
                  {t('blog.editor.removeCover')}
                </Button>
              </Stack>
            )}
          </Stack>
        </Card>

        <Stack spacing={3}>
          <Card sx={{ p: 3 }}>
            <Stack spacing={1}>
              <FormControlLabel
                control={
                  <Switch
                    checked={form.publish}
                    onChange={(event) => change('publish', event.target.checked)}
                  />
                }
                label={t('blog.editor.publish')}
              />
              {form.publish && (
                <DateField
                  type="datetime-local"
                  size="small"
                  label={t('blog.editor.publishAt')}
                  value={form.publishAt}
                  onChange={(event) => change('publishAt', event.target.value)}
                  {...field('publishAt')}
                  helperText={errors.publishAt ?? t('blog.editor.publishAtHint')}
                />
              )}
              <FormControlLabel
                control={
                  <Switch
                    checked={form.allowComments}
                    onChange={(event) => change('allowComments', event.target.checked)}
                  />
                }
                label={t('blog.editor.allowComments')}
              />
              <WordsField
                id="blog-field-tags"
                label={t('blog.editor.tags')}
                value={form.tags}
                max={BLOG_LIMITS.tags}
                error={errors.tags}
                onChange={(tags) => change('tags', tags)}
              />
            </Stack>
          </Card>
          <Card sx={{ p: 3 }}>
            <Typography variant="subtitle2" sx={{ mb: 2 }}>
              {t('blog.editor.seo')}
            </Typography>
            <Stack spacing={1}>
              <TextField
                size="small"
                label={t('blog.editor.metaTitle')}
                value={form.metaTitle}
                onChange={(event) => change('metaTitle', event.target.value)}
                slotProps={{ htmlInput: { maxLength: BLOG_LIMITS.metaTitle } }}
                {...field('metaTitle')}
              />
              <TextField
                size="small"
                multiline
                minRows={2}
                label={t('blog.editor.metaDescription')}
                value={form.metaDescription}
                onChange={(event) => change('metaDescription', event.target.value)}
                slotProps={{ htmlInput: { maxLength: BLOG_LIMITS.metaDescription } }}
                {...field('metaDescription')}
              />
              <WordsField
                id="blog-field-metaKeywords"
                label={t('blog.editor.metaKeywords')}
                value={form.metaKeywords}
                max={BLOG_LIMITS.metaKeywords}
                error={errors.metaKeywords}
                onChange={(words) => change('metaKeywords', words)}
              />
            </Stack>
          </Card>
          <Stack spacing={1.5}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={creating.isLoading || updating.isLoading || uploading}
              data-testid="blog-save"
            >
              {form.publish
                ? form.publishAt
                  ? t('blog.editor.schedule')
                  : t('blog.editor.publishNow')
                : t('blog.editor.saveDraft')}
            </Button>
            <Button variant="outlined" onClick={() => setPreview(true)}>
              {t('blog.editor.preview')}
            </Button>
            {post && (
              <Button variant="text" onClick={() => setHistory(true)}>
                {t('blog.editor.history')}
              </Button>
            )}
            <Typography
              variant="caption"
              role="status"
              sx={{ color: 'text.secondary', textAlign: 'center' }}
            >
              {dirty
                ? t('blog.editor.unsaved')
                : savedAt
                  ? t('blog.editor.autosaved', { time: format.dateTime(savedAt) })
                  : ''}
            </Typography>
          </Stack>
        </Stack>
      </Box>

      <Dialog
        open={preview}
        onClose={() => setPreview(false)}
        fullWidth
        maxWidth="md"
        aria-labelledby="blog-preview-title"
      >
        <DialogTitle id="blog-preview-title">{t('blog.editor.preview')}</DialogTitle>
        <DialogContent dividers>
          {form.cover && (
            <Box
              component="img"
              src={form.cover.url}
              alt={form.coverAlt}
              sx={{ width: 1, maxHeight: 300, objectFit: 'cover', borderRadius: 2, mb: 2 }}
            />
          )}
          <Typography variant="h4" component="p" sx={{ mb: 1 }}>
            {form.title || t('blog.editor.untitled')}
          </Typography>
          <Typography variant="subtitle1" sx={{ color: 'text.secondary', mb: 2 }}>
            {form.description}
          </Typography>
          <Suspense fallback={<Skeleton height={200} />}>
            <BlogContent html={form.content} />
          </Suspense>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
            {form.tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" variant="outlined" />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(false)}>{t('blog.close')}</Button>
        </DialogActions>
      </Dialog>

      {post && history && (
        <RevisionsDialog
          post={post}
          current={form.content}
          onClose={() => setHistory(false)}
          onRestored={(restored) => {
            setForm(formOf(restored));
            setDirty(false);
            setHistory(false);
          }}
        />
      )}

      <Dialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        aria-labelledby="blog-leave-title"
      >
        <DialogTitle id="blog-leave-title">{t('blog.editor.leaveTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('blog.editor.leaveText')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()}>{t('blog.editor.stay')}</Button>
          <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
            {t('blog.editor.leave')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function WordsField({
  id,
  label,
  value,
  max,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string[];
  max: number;
  error?: string;
  onChange: (words: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      onChange={(_e, words) =>
        onChange([...new Set(words.map((w) => String(w).trim()).filter(Boolean))].slice(0, max))
      }
      renderValue={(words, getItemProps) =>
        words.map((word, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={word} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          size="small"
          label={label}
          error={Boolean(error)}
          helperText={error ?? t('blog.editor.wordsHint')}
        />
      )}
    />
  );
}

function RevisionsDialog({
  post,
  current,
  onClose,
  onRestored,
}: {
  post: BlogPost;
  current: string;
  onClose: () => void;
  onRestored: (post: BlogPost) => void;
}) {
  const { t } = useTranslation();
  const format = useBlogFormat();
  const { data, isLoading } = useBlogRevisionsQuery(post.id);
  const [restore, restoring] = useRestoreBlogRevisionMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  const revision = data?.revisions.find((r) => r.id === chosen);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="blog-history-title">
      <DialogTitle id="blog-history-title">{t('blog.editor.history')}</DialogTitle>
      <DialogContent
        dividers
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '260px 1fr' } }}
      >
        <List dense aria-label={t('blog.editor.history')}>
          {isLoading && <Skeleton height={40} />}
          {data?.revisions.map((r) => (
            <ListItem key={r.id} disablePadding>
              <Button
                fullWidth
                variant={chosen === r.id ? 'contained' : 'text'}
                color="inherit"
                onClick={() => setChosen(r.id)}
                sx={{ justifyContent: 'flex-start', textAlign: 'start' }}
              >
                <ListItemText
                  primary={format.dateTime(r.createdAt)}
                  secondary={r.author?.name ?? ''}
                />
              </Button>
            </ListItem>
          ))}
        </List>
        <Box sx={{ minWidth: 0 }}>
          {revision ? (
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
            >
              <Box>
                <Typography variant="overline">{t('blog.editor.thisVersion')}</Typography>
                <Typography variant="h6" component="p">
                  {revision.title}
                </Typography>
                <Suspense fallback={<Skeleton height={200} />}>
                  <BlogContent html={revision.content} />
                </Suspense>
              </Box>
              <Box sx={{ borderInlineStart: { lg: 1 }, borderColor: 'divider', pl: { lg: 2 } }}>
                <Typography variant="overline">{t('blog.editor.currentVersion')}</Typography>
                <Typography variant="h6" component="p">
                  {post.title}
                </Typography>
                <Suspense fallback={<Skeleton height={200} />}>
                  <BlogContent html={current} />
                </Suspense>
              </Box>
            </Box>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>
              {t('blog.editor.pickRevision')}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('blog.close')}</Button>
        <Button
          variant="contained"
          disabled={!revision || restoring.isLoading}
          onClick={async () => {
            if (!revision) return;
            try {
              const answer = await restore({ id: post.id, revisionId: revision.id }).unwrap();
              notify(t('blog.editor.restored'));
              onRestored(answer.post);
            } catch (err) {
              notify.error((err as { message?: string }).message ?? t('blog.error'));
            }
          }}
        >
          {t('blog.editor.restore')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
