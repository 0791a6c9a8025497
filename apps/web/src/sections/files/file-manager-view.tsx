import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import FolderSharedOutlined from '@mui/icons-material/FolderSharedOutlined';
import GridViewRounded from '@mui/icons-material/GridViewRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import ViewListRounded from '@mui/icons-material/ViewListRounded';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { DriveFile, FileBulkAnswer, FileListQuery } from '@bo/contract/files-records';
import { FILE_SORTS, FILE_TYPE_FILTERS, FILE_VIEWS } from '@bo/contract/files-records';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router';

import { useHasAccess } from '../../auth/role-based-guard';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { mergeSearchParams, type SearchParamValue } from '../../lib/search-params';
import { subscribeRealtime } from '../../lib/realtime';
import type { HttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { MoveDialog, NameDialog } from './file-dialogs';
import { FileItems, type ItemAction } from './file-items';
import { FileViewer } from './file-viewer';
import {
  downloadFile,
  downloadZip,
  invalidateFiles,
  useCopyFileMutation,
  useCreateFolderMutation,
  useDeleteFileMutation,
  useEmptyTrashMutation,
  useFilesQuery,
  useBulkFilesMutation,
  useUpdateFileMutation,
} from './files-api';
import { notifyWithUndo } from '../../lib/notify-undo';
import { useRangeSelection } from '../../lib/use-range-selection';
import { StorageUsage } from './storage-usage';
import { fromPicker, readDrop, UploadPanel, useUploads } from './upload-queue';
import { DateField } from '../../components/form/date-field';

// Sharing (a people picker) and the details drawer load when first opened.
const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })));
const BulkShareDialog = lazy(() =>
  import('./share-dialog').then((m) => ({ default: m.BulkShareDialog })),
);
const FileDetailsDrawer = lazy(() =>
  import('./file-details-drawer').then((m) => ({ default: m.FileDetailsDrawer })),
);

type View = (typeof FILE_VIEWS)[number];
type Sort = (typeof FILE_SORTS)[number];

const VIEW_ICONS: Record<View, typeof HomeRounded> = {
  mine: HomeRounded,
  shared: FolderSharedOutlined,
  favorites: StarBorderRounded,
  recent: AccessTimeRounded,
  trash: DeleteOutlineRounded,
};

type Dialogs =
  | { kind: 'newFolder' }
  | { kind: 'rename'; file: DriveFile }
  | { kind: 'move' | 'copy'; files: DriveFile[] }
  | { kind: 'share'; file: DriveFile }
  | { kind: 'bulkShare' | 'trash'; files: DriveFile[] }
  | { kind: 'details'; file: DriveFile }
  | { kind: 'view'; file: DriveFile }
  | { kind: 'delete'; files: DriveFile[] }
  | { kind: 'empty' }
  | null;

export function FileManagerView() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const canWrite = useHasAccess(undefined, ['files:write']);
  const [params, setParams] = useSearchParams();
  const view = (
    (FILE_VIEWS as readonly string[]).includes(params.get('view') ?? '')
      ? params.get('view')
      : 'mine'
  ) as View;
  const folderId = params.get('folder') ?? undefined;
  const q = params.get('q') ?? '';
  const type = (FILE_TYPE_FILTERS as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as FileListQuery['type'])
    : undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const sort = (
    (FILE_SORTS as readonly string[]).includes(params.get('sort') ?? '')
      ? params.get('sort')
      : 'name'
  ) as Sort;
  const layout = params.get('layout') === 'grid' ? 'grid' : 'list';
  const trail = (params.get('pages') ?? '').split('.').filter(Boolean);
  const cursor = trail.at(-1);
  const [search, setSearch] = useState(q);
  const { selected, toggle, setAll: setSelected } = useRangeSelection();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [uploadMenu, setUploadMenu] = useState<HTMLElement | null>(null);

  const update = (changes: Record<string, SearchParamValue>) => {
    setSelected([]);
    setParams((prev) => mergeSearchParams(prev, changes, ['pages']), {
      replace: !('folder' in changes || 'view' in changes),
    });
  };

  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() !== q) update({ q: search.trim() });
    }, 350);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text drives this
  }, [search]);

  const query: FileListQuery = {
    view,
    folderId,
    q: q || undefined,
    type,
    from: from || undefined,
    to: to || undefined,
    sort,
    cursor,
    limit: 50,
  };
  const { data, isLoading, isFetching, error } = useFilesQuery(query);
  const files = data?.files ?? [];
  const selection = files.filter((f) => selected.includes(f.id));
  const inTrash = view === 'trash';
  // Where new folders and uploads go: the folder on screen, or the root of one's files.
  const writable =
    canWrite && !inTrash && (data?.folderAccess === 'owner' || data?.folderAccess === 'edit');
  const target = folderId ?? null;

  // Another tab, or a colleague sharing with me: the lists follow without a reload.
  useEffect(
    () =>
      subscribeRealtime((event) => {
        if (event.type.startsWith('files.')) dispatch(invalidateFiles());
      }),
    [dispatch],
  );

  const refresh = useCallback(() => dispatch(invalidateFiles()), [dispatch]);
  const uploads = useUploads(refresh);

  const [createFolder] = useCreateFolderMutation();
  const [updateFile] = useUpdateFileMutation();
  const [copyFile] = useCopyFileMutation();
  const [bulkFiles, bulking] = useBulkFilesMutation();
  const [deleteFile, deleting] = useDeleteFileMutation();
  const [emptyTrash, emptying] = useEmptyTrashMutation();

  const fail = (e: unknown) => notify.error(translateError(t, e as HttpError));

  const open = (file: DriveFile) => {
    if (file.trashedAt) return;
    if (file.isFolder) update({ folder: file.id, q: null, view: view === 'mine' ? null : view });
    else setDialog({ kind: 'view', file });
  };

  /** The rows a bulk action left as they were, named with the reason, in one message. */
  const reportRefused = (answer: FileBulkAnswer) => {
    if (!answer.refused.length) return;
    const list = answer.refused
      .map(
        (r) =>
          `${r.name ?? t('files.bulk.unseen')} (${t(`files.bulk.reasons.${r.code}`, { defaultValue: r.message })})`,
      )
      .join(', ');
    notify.warning(t('files.bulk.refused', { count: answer.refused.length, list }));
  };

  /** To the trash in one request; the snackbar's Undo brings back what went. */
  const trash = async (items: DriveFile[]) => {
    try {
      const answer = await bulkFiles({ action: 'trash', ids: items.map((i) => i.id) }).unwrap();
      setSelected([]);
      reportRefused(answer);
      if (answer.changed.length)
        notifyWithUndo(
          t('files.notify.trashed', { count: answer.changed.length }),
          t('files.actions.undo'),
          () =>
            void bulkFiles({ action: 'restore', ids: answer.changed })
              .unwrap()
              .then(reportRefused)
              .catch(fail),
        );
    } catch (e) {
      fail(e);
    }
  };

  const restore = async (items: DriveFile[]) => {
    try {
      const answer = await bulkFiles({ action: 'restore', ids: items.map((i) => i.id) }).unwrap();
      setSelected([]);
      reportRefused(answer);
      if (answer.changed.length)
        notify.success(t('files.notify.restored', { count: answer.changed.length }));
    } catch (e) {
      fail(e);
    }
  };

  const act = (action: ItemAction, file: DriveFile) => {
    switch (action) {
      case 'open':
        return open(file);
      case 'download':
        return void downloadFile(file).catch(fail);
      case 'rename':
        return setDialog({ kind: 'rename', file });
      case 'move':
        return setDialog({ kind: 'move', files: [file] });
      case 'copy':
        return setDialog({ kind: 'copy', files: [file] });
      case 'share':
        return setDialog({ kind: 'share', file });
      case 'details':
        return setDialog({ kind: 'details', file });
      case 'favorite':
        return void updateFile({ id: file.id, body: { isFavorite: !file.isFavorite } })
          .unwrap()
          .catch(fail);
      case 'trash':
        return void trash([file]);
      case 'restore':
        return void restore([file]);
      case 'delete':
        return setDialog({ kind: 'delete', files: [file] });
    }
  };

  const onDrop = async (event: React.DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!writable) return;
    const pending = await readDrop(event.dataTransfer);
    if (pending.length) void uploads.start(pending, target);
  };

  const crumbs = data?.path ?? [];
  const rootLabel = t(`files.views.${view}`);

  // How much of the views' strip hides on each side (phone width), for its fading edges.
  const viewStrip = useRef<HTMLUListElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });
  const measureStrip = useCallback(() => {
    const strip = viewStrip.current;
    if (!strip) return;
    // scrollLeft runs negative in a right-to-left page.
    const from = Math.abs(strip.scrollLeft);
    const more = strip.scrollWidth - strip.clientWidth;
    setHidden((h) => {
      const next = { start: from > 1, end: from < more - 1 };
      return h.start === next.start && h.end === next.end ? h : next;
    });
  }, []);
  useEffect(() => {
    const strip = viewStrip.current;
    if (!strip) return;
    measureStrip();
    const observer = new ResizeObserver(measureStrip);
    observer.observe(strip);
    // The chosen view is in sight, not behind the edge.
    strip
      .querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return () => observer.disconnect();
  }, [measureStrip, view]);
  // Written left to right; the right-to-left style cache mirrors the gradient itself.
  const stripMask =
    hidden.start || hidden.end
      ? `linear-gradient(to right, ${hidden.start ? 'transparent, #000 40px' : '#000'}, ${
          hidden.end ? '#000 calc(100% - 40px), transparent' : '#000'
        })`
      : 'none';
  const pageStart = trail.length * 50;

  return (
    <Container maxWidth="xl">
      <PageHeader
        title={t('files.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('files.title') },
        ]}
        action={
          writable && (
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                startIcon={<CreateNewFolderOutlined />}
                onClick={() => setDialog({ kind: 'newFolder' })}
              >
                {t('files.actions.newFolder')}
              </Button>
              <Button
                variant="contained"
                startIcon={<CloudUploadOutlined />}
                onClick={(e) => setUploadMenu(e.currentTarget)}
                aria-haspopup="menu"
                data-testid="upload-button"
              >
                {t('files.actions.upload')}
              </Button>
            </Stack>
          )
        }
      />
      <Menu anchorEl={uploadMenu} open={Boolean(uploadMenu)} onClose={() => setUploadMenu(null)}>
        <MenuItem
          onClick={() => {
            setUploadMenu(null);
            fileInput.current?.click();
          }}
        >
          {t('files.actions.uploadFiles')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setUploadMenu(null);
            folderInput.current?.click();
          }}
        >
          {t('files.actions.uploadFolder')}
        </MenuItem>
      </Menu>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          if (e.target.files?.length)
            void uploads.start(
              fromPicker(e.target.files).map((p) => ({ ...p, dirs: [] })),
              target,
            );
          e.target.value = '';
        }}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        data-testid="folder-input"
        {...({ webkitdirectory: '', directory: '' } as object)}
        onChange={(e) => {
          if (e.target.files?.length) void uploads.start(fromPicker(e.target.files), target);
          e.target.value = '';
        }}
      />

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Card>
            {/* At phone width the views are a sideways strip: named, and faded where more hides. */}
            <Typography
              id="files-views-heading"
              variant="overline"
              component="h2"
              sx={{ display: { xs: 'block', md: 'none' }, px: 2, pt: 1.5, color: 'text.secondary' }}
            >
              {t('files.views.label')}
            </Typography>
            <List
              ref={viewStrip}
              component="nav"
              aria-labelledby="files-views-heading"
              onScroll={measureStrip}
              sx={{
                display: { xs: 'flex', md: 'block' },
                overflowX: 'auto',
                scrollSnapType: { xs: 'x proximity', md: 'none' },
                scrollbarWidth: 'thin',
                maskImage: { xs: stripMask, md: 'none' },
              }}
            >
              {FILE_VIEWS.map((v) => {
                const Icon = VIEW_ICONS[v];
                return (
                  <ListItemButton
                    key={v}
                    selected={view === v && !folderId}
                    aria-current={view === v ? 'page' : undefined}
                    onClick={() => update({ view: v === 'mine' ? null : v, folder: null, q: null })}
                    sx={{ flexShrink: 0, scrollSnapAlign: 'start' }}
                    data-testid={`view-${v}`}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Icon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={t(`files.views.${v}`)} />
                  </ListItemButton>
                );
              })}
            </List>
          </Card>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <StorageUsage />
          </Box>
        </Stack>

        <Card
          onDragOver={(e) => {
            if (!writable) return;
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node)) setDragging(false);
          }}
          onDrop={(e) => void onDrop(e)}
          sx={{ position: 'relative', minHeight: 420 }}
          data-testid="drop-zone"
        >
          {dragging && (
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                inset: 0,
                zIndex: 2,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                border: 2,
                borderStyle: 'dashed',
                borderColor: 'primary.main',
                borderRadius: 2,
                bgcolor: (theme) => `${theme.palette.primary.main}14`,
                backdropFilter: 'blur(2px)',
              }}
            >
              <Stack alignItems="center" spacing={1}>
                <CloudUploadOutlined sx={{ fontSize: 48, color: 'primary.main' }} />
                <Typography variant="h6">{t('files.upload.dropHere')}</Typography>
              </Stack>
            </Box>
          )}

          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            flexWrap="wrap"
            sx={{
              p: { xs: 2, sm: 2.5 },
              pb: 1.5,
              // On a phone: search on its own line, the other filters two by two.
              '& > *': { flex: { xs: '1 1 40%', sm: '0 1 auto' } },
              '& > :first-of-type': { flex: { xs: '1 1 100%', sm: '1 1 200px' } },
            }}
          >
            <TextField
              size="small"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('files.filters.search')}
              slotProps={{
                htmlInput: { 'aria-label': t('files.filters.search') },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchRounded fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              size="small"
              label={t('files.filters.type')}
              value={type ?? ''}
              onChange={(e) => update({ type: e.target.value || null })}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">{t('files.filters.allTypes')}</MenuItem>
              {FILE_TYPE_FILTERS.map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`files.types.${v}`)}
                </MenuItem>
              ))}
            </TextField>
            <DateField
              size="small"
              type="date"
              label={t('files.filters.from')}
              value={from}
              onChange={(e) => update({ from: e.target.value || null })}
              max={to || undefined}
              error={Boolean(from && to && from > to)}
              helperText={from && to && from > to ? t('files.errors.range') : undefined}
            />
            <DateField
              size="small"
              type="date"
              label={t('files.filters.to')}
              value={to}
              onChange={(e) => update({ to: e.target.value || null })}
              min={from || undefined}
            />
            <TextField
              select
              size="small"
              label={t('files.filters.sort')}
              value={sort}
              onChange={(e) => update({ sort: e.target.value === 'name' ? null : e.target.value })}
              sx={{ minWidth: 160 }}
            >
              {FILE_SORTS.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`files.sorts.${s.replace('-', 'desc_')}`)}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={layout}
              onChange={(_, value) => value && update({ layout: value === 'list' ? null : value })}
              aria-label={t('files.layout.label')}
            >
              <ToggleButton value="list" aria-label={t('files.layout.list')}>
                <ViewListRounded fontSize="small" />
              </ToggleButton>
              <ToggleButton value="grid" aria-label={t('files.layout.grid')}>
                <GridViewRounded fontSize="small" />
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>

          <Stack direction="row" alignItems="center" sx={{ px: 2.5, minHeight: 40 }} spacing={1}>
            <Breadcrumbs
              aria-label={t('files.breadcrumbs')}
              separator={
                <ChevronRightRounded
                  fontSize="small"
                  sx={{ transform: 'scaleX(var(--dir-flip, 1))' }}
                />
              }
              sx={{ flex: 1, minWidth: 0 }}
            >
              {crumbs.length === 0 ? (
                <Typography variant="subtitle2" aria-current="page">
                  {rootLabel}
                </Typography>
              ) : (
                <Link
                  component="button"
                  type="button"
                  underline="hover"
                  variant="subtitle2"
                  onClick={() => update({ folder: null })}
                >
                  {rootLabel}
                </Link>
              )}
              {crumbs.map((c, i) =>
                i === crumbs.length - 1 ? (
                  <Typography key={c.id} variant="subtitle2" aria-current="page" dir="auto">
                    {c.name}
                  </Typography>
                ) : (
                  <Link
                    key={c.id}
                    component="button"
                    type="button"
                    underline="hover"
                    variant="subtitle2"
                    onClick={() => update({ folder: c.id })}
                    dir="auto"
                  >
                    {c.name}
                  </Link>
                ),
              )}
            </Breadcrumbs>
            {inTrash && files.length > 0 && (
              <Button size="small" color="error" onClick={() => setDialog({ kind: 'empty' })}>
                {t('files.actions.emptyTrash')}
              </Button>
            )}
          </Stack>

          {selection.length > 0 && (
            <Stack
              direction="row"
              alignItems="center"
              spacing={1}
              sx={{
                mx: 2.5,
                my: 1,
                px: 2,
                py: 1,
                borderRadius: 1,
                bgcolor: 'primary.lighter',
                color: 'primary.darker',
                flexWrap: 'wrap',
              }}
              role="toolbar"
              aria-label={t('files.bulk.label')}
            >
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                {t('files.bulk.selected', { count: selection.length })}
              </Typography>
              {inTrash ? (
                <>
                  <Button
                    size="small"
                    color="inherit"
                    startIcon={<RestoreFromTrashOutlined />}
                    onClick={() => void restore(selection)}
                  >
                    {t('files.actions.restore')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteOutlineRounded />}
                    onClick={() => setDialog({ kind: 'delete', files: selection })}
                  >
                    {t('files.actions.deleteForever')}
                  </Button>
                </>
              ) : (
                <>
                  <Button
                    size="small"
                    color="inherit"
                    startIcon={<DownloadRounded />}
                    onClick={() => void downloadZip(selection.map((s) => s.id)).catch(fail)}
                  >
                    {t('files.actions.downloadZip')}
                  </Button>
                  {canWrite && selection.every((s) => s.access !== 'view') && (
                    <>
                      <Button
                        size="small"
                        color="inherit"
                        startIcon={<DriveFileMoveOutlined />}
                        onClick={() => setDialog({ kind: 'move', files: selection })}
                        data-testid="bulk-move"
                      >
                        {t('files.actions.move')}
                      </Button>
                      {selection.some((s) => s.access === 'owner') && (
                        <Button
                          size="small"
                          color="inherit"
                          startIcon={<ShareOutlined />}
                          onClick={() => setDialog({ kind: 'bulkShare', files: selection })}
                          data-testid="bulk-share"
                        >
                          {t('files.actions.share')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        startIcon={<DeleteOutlineRounded />}
                        onClick={() => setDialog({ kind: 'trash', files: selection })}
                        data-testid="bulk-trash"
                      >
                        {t('files.actions.trash')}
                      </Button>
                    </>
                  )}
                </>
              )}
            </Stack>
          )}

          <FileItems
            files={files}
            layout={layout}
            loading={isLoading}
            fetching={isFetching}
            error={error ? translateError(t, error as HttpError) : null}
            selection={{ selected, toggle, setAll: setSelected }}
            sort={sort}
            onSort={(next) => update({ sort: next === 'name' ? null : next })}
            onAction={act}
            canWrite={canWrite}
            inTrash={inTrash}
            empty={
              q || type || from || to
                ? t('files.empty.filtered')
                : t(`files.empty.${folderId ? 'folder' : view}`)
            }
            emptyAction={
              writable && !q && !type ? (
                <Button
                  variant="outlined"
                  startIcon={<CloudUploadOutlined />}
                  onClick={() => fileInput.current?.click()}
                >
                  {t('files.actions.uploadFiles')}
                </Button>
              ) : null
            }
          />

          {data && (data.total > 50 || trail.length > 0) && (
            <Stack
              direction="row"
              alignItems="center"
              justifyContent="flex-end"
              spacing={1}
              sx={{ p: 2 }}
            >
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('files.pages.range', {
                  from: pageStart + 1,
                  to: pageStart + files.length,
                  total: data.total,
                })}
              </Typography>
              <Button
                size="small"
                disabled={trail.length === 0}
                onClick={() => update({ pages: trail.slice(0, -1).join('.') || null })}
              >
                {t('files.pages.previous')}
              </Button>
              <Button
                size="small"
                disabled={!data.nextCursor}
                onClick={() => update({ pages: [...trail, data.nextCursor!].join('.') })}
              >
                {t('files.pages.next')}
              </Button>
            </Stack>
          )}
        </Card>
        <Box sx={{ display: { xs: 'block', md: 'none' } }}>
          <StorageUsage />
        </Box>
      </Box>

      <UploadPanel jobs={uploads.jobs} onClear={uploads.clear} />

      {dialog?.kind === 'newFolder' && (
        <NameDialog
          title={t('files.actions.newFolder')}
          initial=""
          action={t('files.actions.create')}
          onSubmit={(name) => createFolder({ name, folderId: target }).unwrap()}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('files.actions.rename')}
          initial={dialog.file.name}
          action={t('files.actions.rename')}
          onSubmit={(name) => updateFile({ id: dialog.file.id, body: { name } }).unwrap()}
          onClose={() => setDialog(null)}
        />
      )}
      {(dialog?.kind === 'move' || dialog?.kind === 'copy') && (
        <MoveDialog
          items={dialog.files}
          mode={dialog.kind}
          onSubmit={async (folder) => {
            if (dialog.kind === 'move') {
              const answer = await bulkFiles({
                action: 'move',
                ids: dialog.files.map((i) => i.id),
                folderId: folder,
              }).unwrap();
              setSelected([]);
              reportRefused(answer);
              if (answer.changed.length)
                notify.success(t('files.notify.moved', { count: answer.changed.length }));
              return;
            }
            for (const item of dialog.files)
              await copyFile({ id: item.id, folderId: folder }).unwrap();
            setSelected([]);
            notify.success(t('files.notify.copied', { count: dialog.files.length }));
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'share' && (
        <Suspense fallback={null}>
          <ShareDialog file={dialog.file} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog?.kind === 'bulkShare' && (
        <Suspense fallback={null}>
          <BulkShareDialog
            count={dialog.files.length}
            onSubmit={async (userId, access) => {
              const answer = await bulkFiles({
                action: 'share',
                ids: dialog.files.map((i) => i.id),
                userIds: [userId],
                access,
              }).unwrap();
              setSelected([]);
              reportRefused(answer);
              if (answer.changed.length)
                notify.success(t('files.bulk.shared', { count: answer.changed.length }));
            }}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'details' && (
        <Suspense fallback={null}>
          <FileDetailsDrawer
            file={dialog.file}
            onShare={() => setDialog({ kind: 'share', file: dialog.file })}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'view' && (
        <FileViewer
          file={dialog.file}
          siblings={files}
          onNavigate={(file) => setDialog({ kind: 'view', file })}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('files.confirm.deleteTitle', {
          count: dialog?.kind === 'delete' ? dialog.files.length : 0,
        })}
        content={t('files.confirm.deleteText')}
        action={t('files.actions.deleteForever')}
        busy={deleting.isLoading}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          void (async () => {
            try {
              for (const item of dialog.files) await deleteFile(item.id).unwrap();
              setSelected([]);
              notify.success(t('files.notify.deleted', { count: dialog.files.length }));
            } catch (e) {
              fail(e);
            }
            setDialog(null);
          })();
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'trash'}
        title={t('files.bulk.trashTitle', {
          count: dialog?.kind === 'trash' ? dialog.files.length : 0,
        })}
        content={t('files.bulk.trashText')}
        action={t('files.actions.trash')}
        busy={bulking.isLoading}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'trash') return;
          void trash(dialog.files).finally(() => setDialog(null));
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'empty'}
        title={t('files.confirm.emptyTitle')}
        content={t('files.confirm.emptyText')}
        action={t('files.actions.emptyTrash')}
        busy={emptying.isLoading}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          void emptyTrash()
            .unwrap()
            .then((r) => notify.success(t('files.notify.deleted', { count: r.deleted })))
            .catch(fail)
            .finally(() => setDialog(null))
        }
      />
    </Container>
  );
}
