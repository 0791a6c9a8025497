import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BlogBulkAction, BlogPostSummary, BlogSort, BlogTab } from '@bo/contract/blog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { BulkRefused, type RefusedRow } from '../../components/bulk/bulk-refused';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { Label } from '../../components/label/label';
import { notify } from '../../components/snackbar/notify';
import { useRangeSelection } from '../../lib/use-range-selection';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { useBlogFormat, useBlogPostsQuery, useBulkBlogPostsMutation } from './blog-api';

const PAGE = 25;
const STATUS_COLOR = { draft: 'default', scheduled: 'info', published: 'success' } as const;
const ACTIONS: readonly BlogBulkAction[] = ['publish', 'unpublish', 'delete'];

type Props = {
  tab: BlogTab;
  sort: BlogSort;
  q: string;
  canWrite: boolean;
  onSort: (sort: BlogSort) => void;
  empty: React.ReactNode;
};

/**
 * The posts as a table (the cards' other view): the one data table with its keyboard, columns
 * and phone cards; an editor or an author chooses rows (Shift for a range) to publish,
 * unpublish or delete them in one call. Pages follow the cursor, back and forth.
 */
export function BlogPostsTable({ tab, sort, q, canWrite, onSort, empty }: Props) {
  const { t } = useTranslation();
  const format = useBlogFormat();
  const navigate = useNavigate();
  const [trail, setTrail] = useState<string[]>([]);
  const { selected, toggle, setAll } = useRangeSelection();
  const [asking, setAsking] = useState<BlogBulkAction | null>(null);
  const [refused, setRefused] = useState<RefusedRow[]>([]);
  const [bulk, bulkState] = useBulkBlogPostsMutation();
  // A new filter starts again from the first page, nothing chosen.
  useEffect(() => {
    setTrail([]);
    setAll([]);
  }, [tab, sort, q, setAll]);
  const { data, isLoading, isFetching, error, refetch } = useBlogPostsQuery({
    tab,
    sort,
    q: q || undefined,
    limit: PAGE,
    after: trail.at(-1),
  });
  const rows = data?.posts;

  const run = async () => {
    if (!asking) return;
    const action = asking;
    try {
      const answer = await bulk({ ids: [...selected], action }).unwrap();
      setAsking(null);
      setAll(answer.refused.map((r) => r.id));
      setRefused(
        answer.refused.map((r) => ({
          id: r.id,
          name: r.title || t('blog.bulk.unnamed'),
          why: t(`blog.bulk.why.${r.code}`, { defaultValue: r.message }),
        })),
      );
      if (answer.changed.length)
        notify(t(`blog.bulk.done.${action}`, { n: format.count(answer.changed.length) }));
      if (answer.refused.length)
        notify.warning(t('blog.bulk.refused', { n: format.count(answer.refused.length) }));
    } catch (e) {
      setAsking(null);
      notify.error(translateError(t, e));
    }
  };

  const columns: Array<DataColumn<BlogPostSummary>> = [
    {
      id: 'title',
      header: t('blog.table.title'),
      required: true,
      width: 320,
      cell: (post) => (
        <Link
          component={RouterLink}
          to={paths.dashboard.blog.view(post.slug)}
          underline="hover"
          color="inherit"
          sx={{ fontWeight: 600, display: 'block', width: 'fit-content' }}
        >
          {post.title}
        </Link>
      ),
    },
    {
      id: 'status',
      header: t('blog.table.status'),
      width: 130,
      cell: (post) => (
        <Label color={STATUS_COLOR[post.status]}>{t(`blog.tab.${post.status}`)}</Label>
      ),
    },
    {
      id: 'author',
      header: t('blog.table.author'),
      width: 180,
      cell: (post) => post.author?.name ?? t('blog.post.formerAuthor'),
    },
    {
      id: 'date',
      header: t('blog.table.date'),
      sortable: true,
      width: 150,
      cell: (post) => {
        const when =
          post.status === 'scheduled' ? post.publishAt : (post.publishedAt ?? post.updatedAt);
        return when ? format.date(when) : '';
      },
    },
    {
      id: 'views',
      header: t('blog.table.views'),
      sortable: true,
      align: 'right',
      width: 100,
      cell: (post) => format.count(post.views),
    },
    {
      id: 'comments',
      header: t('blog.table.comments'),
      align: 'right',
      width: 110,
      cell: (post) => format.count(post.commentCount),
    },
    {
      id: 'likes',
      header: t('blog.table.likes'),
      align: 'right',
      width: 90,
      cell: (post) => format.count(post.likes),
    },
  ];

  return (
    <Card>
      {canWrite && selected.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{
            px: 2.5,
            py: 1,
            bgcolor: 'action.selected',
            alignItems: 'center',
            flexWrap: 'wrap',
          }}
          data-testid="blog-bulk-bar"
        >
          <Typography variant="subtitle2" role="status" sx={{ flexGrow: 1 }}>
            {t('blog.bulk.selected', { n: format.count(selected.length) })}
          </Typography>
          {ACTIONS.map((action) => (
            <Button
              key={action}
              size="small"
              color={action === 'delete' ? 'error' : 'primary'}
              onClick={() => setAsking(action)}
            >
              {t(`blog.bulk.action.${action}`)}
            </Button>
          ))}
          <Button size="small" color="inherit" onClick={() => setAll([])}>
            {t('blog.bulk.clear')}
          </Button>
        </Stack>
      )}
      <Box sx={{ pt: refused.length ? 2 : 0 }}>
        <BulkRefused
          title={t('blog.bulk.refusedTitle', { n: format.count(refused.length) })}
          rows={refused}
          onClose={() => setRefused([])}
          testId="blog-bulk-refused"
        />
      </Box>
      <DataTable
        list="blog-posts"
        label={t('blog.list.title')}
        columns={columns}
        rows={rows}
        getRowId={(post) => post.id}
        rowLabel={(post) => t('blog.bulk.select', { title: post.title })}
        loading={isLoading}
        fetching={isFetching}
        error={error && !data ? translateError(t, error) : undefined}
        onRetry={() => void refetch()}
        empty={empty}
        selection={canWrite ? { selected, toggle, setAll } : undefined}
        onOpen={(post) => void navigate(paths.dashboard.blog.view(post.slug))}
        sort={{
          by: sort === 'popular' ? 'views' : 'date',
          dir: sort === 'oldest' ? 'asc' : 'desc',
          onSort: (by) =>
            onSort(by === 'views' ? 'popular' : sort === 'latest' ? 'oldest' : 'latest'),
        }}
        rowTestId="blog-row"
      />
      <Stack
        direction="row"
        spacing={1}
        sx={{ p: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}
      >
        <IconButton
          aria-label={t('blog.table.previous')}
          disabled={trail.length === 0}
          onClick={() => setTrail((prev) => prev.slice(0, -1))}
        >
          <ChevronLeftRounded
            sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
          />
        </IconButton>
        <IconButton
          aria-label={t('blog.table.next')}
          disabled={!data?.nextCursor}
          onClick={() => data?.nextCursor && setTrail((prev) => [...prev, data.nextCursor!])}
        >
          <ChevronRightRounded
            sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
          />
        </IconButton>
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`blog.bulk.action.${asking}`) : ''}
        content={
          asking ? t(`blog.bulk.confirm.${asking}`, { n: format.count(selected.length) }) : ''
        }
        action={asking ? t(`blog.bulk.action.${asking}`) : ''}
        busy={bulkState.isLoading}
        onClose={() => setAsking(null)}
        onConfirm={() => void run()}
      />
    </Card>
  );
}
