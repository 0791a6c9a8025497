import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import DriveFileRenameOutlineOutlined from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DriveFile } from '@bo/contract/files-records';
import type { KeyboardEvent, ReactNode } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import {
  DataTable,
  type DataColumn,
  type DataTableSelection,
} from '../../components/data-table/data-table';
import { FileIcon, useFileFormat } from './file-format';

export type ItemAction =
  | 'open'
  | 'download'
  | 'rename'
  | 'move'
  | 'copy'
  | 'share'
  | 'details'
  | 'favorite'
  | 'trash'
  | 'restore'
  | 'delete';

type Props = {
  files: DriveFile[];
  layout: 'list' | 'grid';
  loading: boolean;
  fetching: boolean;
  error: string | null;
  selection: DataTableSelection;
  /** The list's order (`name`, `-size`…): the table's headers change it. */
  sort: string;
  onSort?: (sort: string) => void;
  onAction: (action: ItemAction, file: DriveFile) => void;
  canWrite: boolean;
  inTrash: boolean;
  empty: string;
  emptyAction: ReactNode;
};

/** The actions a person may take on one item, in menu order. */
function actionsFor(file: DriveFile, canWrite: boolean, inTrash: boolean): Array<ItemAction | '-'> {
  if (inTrash) return ['restore', '-', 'delete'];
  const edit = canWrite && file.access !== 'view';
  return [
    'open',
    'download',
    'details',
    'favorite',
    ...(edit ? (['share', '-', 'rename', 'move'] as const) : []),
    ...(canWrite ? (['copy'] as const) : []),
    ...(edit ? (['-', 'trash'] as const) : []),
  ];
}

const ICONS: Record<ItemAction, typeof InfoOutlined> = {
  open: OpenInNewRounded,
  download: DownloadRounded,
  details: InfoOutlined,
  favorite: StarBorderRounded,
  share: ShareOutlined,
  rename: DriveFileRenameOutlineOutlined,
  move: DriveFileMoveOutlined,
  copy: ContentCopyOutlined,
  trash: DeleteOutlineRounded,
  restore: RestoreFromTrashOutlined,
  delete: DeleteForeverOutlined,
};

/**
 * The items of a folder or a view, as a table or a grid. Keyboard: arrows move between items,
 * Enter opens, Space selects, Delete puts in the trash, F2 renames, the context-menu key (or
 * Shift+F10) opens the item's menu.
 */
export function FileItems(props: Props) {
  const {
    files,
    layout,
    loading,
    fetching,
    error,
    selection,
    sort,
    onSort,
    onAction,
    canWrite,
    inTrash,
  } = props;
  const { t } = useTranslation();
  const f = useFileFormat();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; file: DriveFile } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const { selected } = selection;
  const ids = files.map((x) => x.id);
  const toggle = (id: string, shift = false) => selection.toggle(ids, id, shift);

  const focusItem = (index: number) => {
    const items = container.current?.querySelectorAll<HTMLElement>('[data-item]');
    items?.[Math.max(0, Math.min(index, items.length - 1))]?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLElement>, file: DriveFile, index: number) => {
    if (e.target !== e.currentTarget) return;
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const perRow =
      layout === 'grid' && container.current
        ? Math.max(1, Math.round(container.current.clientWidth / 200))
        : 1;
    const moves: Record<string, number> = {
      ArrowDown: perRow,
      ArrowUp: -perRow,
      ...(layout === 'grid' ? { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 } : {}),
      Home: -index,
      End: files.length,
    };
    if (e.key in moves) {
      e.preventDefault();
      focusItem(index + moves[e.key]!);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onAction(inTrash ? 'restore' : 'open', file);
    } else if (e.key === ' ') {
      e.preventDefault();
      toggle(file.id);
    } else if (
      e.key === 'Delete' &&
      actionsFor(file, canWrite, inTrash).includes(inTrash ? 'delete' : 'trash')
    ) {
      e.preventDefault();
      onAction(inTrash ? 'delete' : 'trash', file);
    } else if (e.key === 'F2' && actionsFor(file, canWrite, inTrash).includes('rename')) {
      e.preventDefault();
      onAction('rename', file);
    } else if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault();
      setMenu({ anchor: e.currentTarget, file });
    }
  };

  const menuButton = (file: DriveFile) => (
    <Tooltip title={t('files.actions.more')}>
      <IconButton
        aria-label={t('files.actions.moreOf', { name: file.name })}
        aria-haspopup="menu"
        onClick={(e) => {
          e.stopPropagation();
          setMenu({ anchor: e.currentTarget, file });
        }}
        data-testid="item-menu"
      >
        <MoreVertRounded />
      </IconButton>
    </Tooltip>
  );

  const star = (file: DriveFile) =>
    file.isFavorite ? (
      <StarRounded
        fontSize="small"
        sx={{ color: 'warning.main' }}
        aria-label={t('files.favorite')}
      />
    ) : null;

  const columns: Array<DataColumn<DriveFile>> = [
    {
      id: 'name',
      header: t('files.fields.name'),
      required: true,
      sortable: true,
      width: 176,
      cell: (file) => (
        <Stack
          direction="row"
          alignItems="center"
          spacing={1.5}
          onClick={() => onAction(inTrash ? 'details' : 'open', file)}
          sx={{ cursor: 'pointer', minWidth: 0 }}
        >
          <FileIcon file={file} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap dir="auto" title={file.name}>
              {file.name}
            </Typography>
            <Typography
              variant="caption"
              noWrap
              component="p"
              sx={{ color: 'text.secondary', display: { sm: 'none' } }}
            >
              {file.isFolder ? t('files.types.folder') : f.bytes(file.size)} ·{' '}
              {f.day(file.updatedAt)}
            </Typography>
          </Box>
          {star(file)}
        </Stack>
      ),
    },
    {
      id: 'size',
      header: t('files.fields.size'),
      sortable: true,
      width: 96,
      cell: (file) => <Box sx={{ whiteSpace: 'nowrap' }}>{f.bytes(file.size)}</Box>,
    },
    {
      id: 'type',
      header: t('files.fields.type'),
      width: 104,
      cell: (file) => t(`files.types.${file.category}`),
    },
    {
      id: 'updatedAt',
      header: t(inTrash ? 'files.fields.trashed' : 'files.fields.modified'),
      sortable: !inTrash,
      width: 170,
      cell: (file) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>{f.date(file.trashedAt ?? file.updatedAt)}</Box>
      ),
    },
    {
      id: 'shared',
      header: t('files.fields.shared'),
      width: 80,
      cell: (file) =>
        file.access !== 'owner' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            <bdi>{file.owner?.name}</bdi>
          </Typography>
        ) : file.shared ? (
          <PeopleAltOutlined
            fontSize="small"
            sx={{ color: 'text.secondary' }}
            aria-label={t('files.shared')}
          />
        ) : (
          <Box component="span" sx={{ color: 'text.disabled' }} aria-label={t('files.private')}>
            —
          </Box>
        ),
    },
    {
      id: 'actions',
      header: t('files.fields.actions'),
      hideHeader: true,
      required: true,
      width: 72,
      cell: (file) => menuButton(file),
    },
  ];

  /** The table's extra keys on a row: Delete to the trash, F2 renames, the menu key. */
  const onTableKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented) return;
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-grid-cell]');
    const row = Number(cell?.dataset.gridCell?.split(':')[0] ?? 0);
    const file = row > 0 ? files[row - 1] : undefined;
    if (!cell || !file) return;
    const actions = actionsFor(file, canWrite, inTrash);
    if (e.key === 'Delete' && actions.includes(inTrash ? 'delete' : 'trash')) {
      e.preventDefault();
      onAction(inTrash ? 'delete' : 'trash', file);
    } else if (e.key === 'F2' && actions.includes('rename')) {
      e.preventDefault();
      onAction('rename', file);
    } else if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault();
      setMenu({ anchor: cell, file });
    }
  };

  let body: ReactNode;
  if (error) {
    body = (
      <Alert severity="error" sx={{ m: 2.5 }}>
        {error}
      </Alert>
    );
  } else if (loading) {
    body = (
      <Stack spacing={1} sx={{ p: 2.5 }} aria-busy="true" aria-label={t('files.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={layout === 'grid' ? 120 : 44} />
        ))}
      </Stack>
    );
  } else if (files.length === 0) {
    body = (
      <EmptyContent
        title={props.empty}
        description={props.emptyAction ? t('files.empty.hint') : undefined}
        action={props.emptyAction}
        sx={{ py: 8 }}
      />
    );
  } else if (layout === 'grid') {
    body = (
      <Box
        ref={container}
        role="list"
        aria-label={t('files.itemsLabel')}
        sx={{
          p: 2.5,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(168px, 1fr))',
        }}
      >
        {files.map((file, index) => {
          const isSelected = selected.includes(file.id);
          return (
            <Paper
              key={file.id}
              role="listitem"
              variant="outlined"
              tabIndex={0}
              data-item
              data-testid="file-item"
              aria-label={file.name}
              onDoubleClick={() => onAction(inTrash ? 'restore' : 'open', file)}
              onKeyDown={(e) => onKey(e, file, index)}
              sx={{
                p: 1.5,
                position: 'relative',
                cursor: 'pointer',
                borderColor: isSelected ? 'primary.main' : 'divider',
                bgcolor: isSelected ? 'action.selected' : 'background.paper',
                '&:hover, &:focus-visible': { boxShadow: (theme) => theme.shadows[4] },
                '&:focus-visible': {
                  outline: 2,
                  outlineColor: 'primary.main',
                  outlineStyle: 'solid',
                },
              }}
            >
              <Stack direction="row" alignItems="center" justifyContent="space-between">
                <Checkbox
                  checked={isSelected}
                  onChange={() => toggle(file.id)}
                  slotProps={{ input: { 'aria-label': t('files.selectOne', { name: file.name }) } }}
                  sx={{ ms: -1 }}
                />
                {menuButton(file)}
              </Stack>
              <Box
                onClick={() => onAction(inTrash ? 'details' : 'open', file)}
                sx={{ height: 72, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
              >
                {file.category === 'image' && file.url ? (
                  <Box
                    component="img"
                    src={file.url}
                    alt=""
                    loading="lazy"
                    sx={{ maxHeight: 72, maxWidth: 1, borderRadius: 1, objectFit: 'cover' }}
                  />
                ) : (
                  <FileIcon file={file} sx={{ fontSize: 56 }} />
                )}
              </Box>
              <Stack direction="row" alignItems="center" spacing={0.5} sx={{ mt: 1 }}>
                <Typography
                  variant="subtitle2"
                  noWrap
                  sx={{ flex: 1 }}
                  dir="auto"
                  title={file.name}
                >
                  {file.name}
                </Typography>
                {star(file)}
                {file.shared && (
                  <PeopleAltOutlined
                    fontSize="small"
                    sx={{ color: 'text.secondary' }}
                    aria-label={t('files.shared')}
                  />
                )}
              </Stack>
              <Typography variant="caption" component="p" noWrap sx={{ color: 'text.secondary' }}>
                {file.isFolder ? t('files.types.folder') : f.bytes(file.size)} ·{' '}
                {f.day(file.updatedAt)}
              </Typography>
            </Paper>
          );
        })}
      </Box>
    );
  } else {
    body = (
      <Box ref={container} onKeyDown={onTableKey}>
        <DataTable<DriveFile>
          list="files"
          label={t('files.itemsLabel')}
          columns={columns}
          rows={files}
          getRowId={(file) => file.id}
          rowLabel={(file) => t('files.selectOne', { name: file.name })}
          fetching={fetching}
          selection={selection}
          onOpen={(file) => onAction(inTrash ? 'restore' : 'open', file)}
          sort={
            onSort
              ? {
                  by: sort.replace(/^-/, ''),
                  dir: sort.startsWith('-') ? 'desc' : 'asc',
                  onSort: (by) => onSort(by === sort ? `-${by}` : by),
                }
              : undefined
          }
          rowTestId="file-item"
        />
      </Box>
    );
  }

  return (
    <Box sx={{ position: 'relative' }} aria-busy={fetching}>
      {fetching && !loading && (
        <LinearProgress sx={{ position: 'absolute', top: 0, insetInline: 0, height: 2 }} />
      )}
      {body}
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu &&
          actionsFor(menu.file, canWrite, inTrash).map((action, i) =>
            action === '-' ? (
              <Divider key={`d${i}`} />
            ) : (
              <MenuItem
                key={action}
                onClick={() => {
                  const file = menu.file;
                  setMenu(null);
                  onAction(action, file);
                }}
                sx={action === 'trash' || action === 'delete' ? { color: 'error.main' } : undefined}
              >
                <ListItemIcon
                  sx={
                    action === 'trash' || action === 'delete' ? { color: 'error.main' } : undefined
                  }
                >
                  {(() => {
                    const Icon =
                      action === 'favorite' && menu.file.isFavorite ? StarRounded : ICONS[action];
                    return <Icon fontSize="small" />;
                  })()}
                </ListItemIcon>
                {action === 'favorite'
                  ? t(menu.file.isFavorite ? 'files.actions.unfavorite' : 'files.actions.favorite')
                  : action === 'open' && !menu.file.isFolder
                    ? t('files.actions.preview')
                    : t(`files.actions.${action === 'delete' ? 'deleteForever' : action}`)}
              </MenuItem>
            ),
          )}
      </Menu>
    </Box>
  );
}
