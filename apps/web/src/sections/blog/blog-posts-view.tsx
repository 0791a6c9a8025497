import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import GridViewRounded from '@mui/icons-material/GridViewRounded';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { BlogPostSummary, BlogSort, BlogTab } from '@bo/contract/blog';
import { BLOG_SORTS, BLOG_TABS } from '@bo/contract/blog';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { useHasAccess } from '../../auth/role-based-guard';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { mergeSearchParams } from '../../lib/search-params';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { paths } from '../../routes/paths';
import {
  useBlogFormat,
  useBlogPostsQuery,
  useBlogSearchQuery,
  useDeleteBlogPostMutation,
} from './blog-api';

const PAGE = 12;
/** The table view (and its bulk actions) loads when first chosen: the cards stay light. */
const BlogPostsTable = lazy(() =>
  import('./blog-posts-table').then((m) => ({ default: m.BlogPostsTable })),
);
const STATUS_COLOR = { draft: 'default', scheduled: 'info', published: 'success' } as const;

/** /dashboard/blog/posts — cards with search, sort and tabs; "Load more" follows the cursor. */
export function BlogPostsView() {
  const { t } = useTranslation();
  const canWrite = useHasAccess(undefined, ['blog:write']);
  const [params, setParams] = useSearchParams();
  const tab = (BLOG_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as BlogTab)
    : 'all';
  const sort = (BLOG_SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as BlogSort)
    : 'latest';
  const q = params.get('q') ?? '';
  const view = params.get('view') === 'table' ? 'table' : 'cards';
  const set = (changes: Record<string, string | null>) =>
    setParams((prev) => mergeSearchParams(prev, changes), { replace: true });

  // The pages shown: the first, then one per "Load more"; each keeps its own query, so a change
  // refetches every page on screen.
  const { cursors, more } = useCursorPages(JSON.stringify([tab, sort, q]));
  // The cards' first page also gives the tabs their counts, in either view.
  const first = useBlogPostsQuery({ tab, sort, q: q || undefined, limit: PAGE });
  const counts = first.data?.counts;
  const tabs = canWrite ? BLOG_TABS : (['all', 'published'] as const);

  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pb: 6 }}>
      <PageHeader
        title={t('blog.list.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.blog'), href: paths.dashboard.blog.posts },
          { name: t('blog.list.crumb') },
        ]}
        action={
          canWrite ? (
            <Button
              component={RouterLink}
              to={paths.dashboard.blog.new}
              variant="contained"
              startIcon={<AddRounded />}
            >
              {t('blog.list.new')}
            </Button>
          ) : undefined
        }
      />

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <PostSearch value={q} onSearch={(value) => set({ q: value || null })} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('blog.list.sort')}
            value={sort}
            onChange={(event) =>
              set({ sort: event.target.value === 'latest' ? null : event.target.value })
            }
            sx={{ minWidth: 160 }}
          >
            {BLOG_SORTS.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`blog.sort.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={view}
            onChange={(_e, next: string | null) =>
              next && set({ view: next === 'table' ? 'table' : null })
            }
            aria-label={t('blog.view.label')}
          >
            <ToggleButton value="cards" aria-label={t('blog.view.cards')}>
              <GridViewRounded fontSize="small" />
            </ToggleButton>
            <ToggleButton value="table" aria-label={t('blog.view.table')}>
              <TableRowsOutlined fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Stack>

      <Tabs
        value={tab}
        onChange={(_e, value: string) => set({ tab: value === 'all' ? null : value })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3 }}
        aria-label={t('blog.list.tabs')}
      >
        {tabs.map((value) => (
          <Tab
            key={value}
            value={value}
            data-testid={`blog-tab-${value}`}
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{t(`blog.tab.${value}`)}</span>
                <Label color={value === 'all' ? 'default' : STATUS_COLOR[value]}>
                  {counts
                    ? `${new Intl.NumberFormat().format(counts[value])}${first.data?.totalCapped ? '+' : ''}`
                    : '–'}
                </Label>
              </Stack>
            }
          />
        ))}
      </Tabs>

      {view === 'table' ? (
        <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
          <BlogPostsTable
            tab={tab}
            sort={sort}
            q={q}
            canWrite={canWrite}
            onSort={(next) => set({ sort: next === 'latest' ? null : next })}
            empty={
              <EmptyContent
                title={q ? t('blog.list.noMatch', { q }) : t('blog.list.empty')}
                description={canWrite ? t('blog.list.emptyHint') : undefined}
              />
            }
          />
        </Suspense>
      ) : first.isLoading ? (
        <CardGrid>
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} sx={{ p: 0 }}>
              <Skeleton variant="rectangular" height={180} />
              <Box sx={{ p: 2 }}>
                <Skeleton width="80%" />
                <Skeleton width="50%" />
              </Box>
            </Card>
          ))}
        </CardGrid>
      ) : first.data && first.data.posts.length === 0 ? (
        <EmptyContent
          title={q ? t('blog.list.noMatch', { q }) : t('blog.list.empty')}
          description={canWrite ? t('blog.list.emptyHint') : undefined}
        />
      ) : (
        <>
          {cursors.map((cursor, index) => (
            <PostsPage
              key={cursor ?? 'first'}
              query={{ tab, sort, q: q || undefined, limit: PAGE, after: cursor }}
              last={index === cursors.length - 1}
              onMore={more}
            />
          ))}
        </>
      )}
    </Box>
  );
}

function CardGrid({ children }: { children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        mb: 3,
      }}
    >
      {children}
    </Box>
  );
}

function PostsPage({
  query,
  last,
  onMore,
}: {
  query: Parameters<typeof useBlogPostsQuery>[0];
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation();
  const { data, isFetching } = useBlogPostsQuery(query);
  if (!data) return null;
  return (
    <>
      <CardGrid>
        {data.posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </CardGrid>
      {last && data.nextCursor && (
        <Box sx={{ textAlign: 'center' }}>
          <Button
            variant="outlined"
            disabled={isFetching}
            onClick={() => onMore(data.nextCursor!)}
            data-testid="blog-load-more"
          >
            {t('blog.list.more')}
          </Button>
        </Box>
      )}
    </>
  );
}

function PostSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [input, setInput] = useState(value);
  const [debounced, setDebounced] = useState(value);
  useEffect(() => setInput(value), [value]);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const { data } = useBlogSearchQuery(debounced, { skip: debounced.length < 2 });
  const options = debounced.length >= 2 ? (data?.results ?? []) : [];
  return (
    <Autocomplete
      freeSolo
      sx={{ width: { xs: 1, sm: 320 } }}
      options={options}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.title)}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      onChange={(_e, chosen) => {
        if (chosen && typeof chosen !== 'string') navigate(paths.dashboard.blog.view(chosen.slug));
        else onSearch(typeof chosen === 'string' ? chosen.trim() : '');
      }}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar
              variant="rounded"
              src={option.cover ?? undefined}
              alt=""
              sx={{ width: 32, height: 32 }}
            />
            <Typography variant="body2">{option.title}</Typography>
          </Stack>
        </li>
      )}
      renderInput={(props) => (
        <TextField
          {...props}
          size="small"
          placeholder={t('blog.list.search')}
          onKeyDown={(event) => {
            if (
              event.key === 'Enter' &&
              !(event.target as HTMLInputElement).getAttribute('aria-activedescendant')
            ) {
              onSearch(input.trim());
            }
          }}
          slotProps={{
            htmlInput: { ...props.inputProps, 'aria-label': t('blog.list.search') },
            input: {
              ...props.InputProps,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}

function PostCard({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation();
  const format = useBlogFormat();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useDeleteBlogPostMutation();
  const href = paths.dashboard.blog.view(post.slug);
  const when = post.status === 'scheduled' ? post.publishAt : (post.publishedAt ?? post.updatedAt);
  return (
    <Card data-testid="blog-card" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardActionArea component={RouterLink} to={href} tabIndex={-1} aria-hidden>
        {post.coverImage ? (
          <Box
            component="img"
            src={post.coverImage.url}
            alt=""
            loading="lazy"
            sx={{ width: 1, height: 180, objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Box sx={{ height: 180, bgcolor: 'background.neutral' }} />
        )}
      </CardActionArea>
      <Stack spacing={1} sx={{ p: 2.5, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
            {when ? format.date(when) : ''}
          </Typography>
          {post.status !== 'published' && (
            <Label color={STATUS_COLOR[post.status]}>{t(`blog.tab.${post.status}`)}</Label>
          )}
          {post.canEdit && (
            <IconButton
              size="small"
              aria-label={t('blog.card.actions', { title: post.title })}
              onClick={(event) => setAnchor(event.currentTarget)}
            >
              <MoreVertRounded fontSize="small" />
            </IconButton>
          )}
        </Stack>
        <Link
          component={RouterLink}
          to={href}
          color="inherit"
          variant="subtitle1"
          underline="hover"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {post.title}
        </Link>
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            flexGrow: 1,
          }}
        >
          {post.description}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', pt: 1 }}>
          <Avatar src={post.author?.avatarUrl ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
            {post.author?.name.slice(0, 1)}
          </Avatar>
          <Typography variant="caption" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {post.author?.name ?? t('blog.post.formerAuthor')}
          </Typography>
          <Stat
            icon={<VisibilityOutlined sx={{ fontSize: 16 }} />}
            label={t('blog.card.views', { n: post.views })}
            value={format.count(post.views)}
          />
          <Stat
            icon={<ChatBubbleOutlineRounded sx={{ fontSize: 16 }} />}
            label={t('blog.card.comments', { n: post.commentCount })}
            value={format.count(post.commentCount)}
          />
          <Stat
            icon={<FavoriteBorderRounded sx={{ fontSize: 16 }} />}
            label={t('blog.card.likes', { n: post.likes })}
            value={format.count(post.likes)}
          />
        </Stack>
      </Stack>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to={paths.dashboard.blog.edit(post.slug)}>
          {t('blog.card.edit')}
        </MenuItem>
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
        >
          {t('blog.card.delete')}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={t('blog.card.deleteTitle')}
        content={t('blog.card.deleteText', { title: post.title })}
        action={t('blog.card.delete')}
        busy={removing.isLoading}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove(post.id).unwrap();
            notify(t('blog.card.deleted'));
          } catch (err) {
            notify.error((err as { message?: string }).message ?? t('blog.error'));
          }
          setConfirming(false);
        }}
      />
    </Card>
  );
}

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: 'text.secondary' }}
      aria-label={label}
      role="img"
    >
      {icon}
      <Typography variant="caption" aria-hidden>
        {value}
      </Typography>
    </Stack>
  );
}
