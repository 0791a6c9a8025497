import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DensityMediumRounded from '@mui/icons-material/DensityMediumRounded';
import DensitySmallRounded from '@mui/icons-material/DensitySmallRounded';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import LabelImportantRounded from '@mui/icons-material/LabelImportantRounded';
import LabelImportantOutlined from '@mui/icons-material/LabelImportantOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import MenuRounded from '@mui/icons-material/MenuRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import ReportGmailerrorredRounded from '@mui/icons-material/ReportGmailerrorredRounded';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Mail, MailLabel } from '@bo/contract/mail';
import type { ReactNode, Ref } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { useMailFormat } from './mail-api';

export type BulkAction =
  'archive' | 'trash' | 'restore' | 'deleteForever' | 'read' | 'unread' | 'spam' | 'notSpam';

type Props = {
  title: string;
  view: string;
  mails: Mail[];
  labels: MailLabel[];
  loading: boolean;
  fetchingMore: boolean;
  hasMore: boolean;
  onMore: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  query: string;
  onQuery: (q: string) => void;
  searchRef: Ref<HTMLInputElement>;
  openId: string | null;
  cursor: number;
  onOpen: (mail: Mail) => void;
  selected: Set<string>;
  onSelect: (ids: Set<string>) => void;
  onBulk: (action: BulkAction, ids: string[]) => void;
  onToggle: (mail: Mail, flag: 'isStarred' | 'isImportant') => void;
  onLabel: (ids: string[], labelId: string, add: boolean) => void;
  dense: boolean;
  onDense: () => void;
  onMenu?: () => void;
};

/** The list pane: search, refresh, density, selection with its actions, rows, more. */
export function MailList(props: Props) {
  const { t } = useTranslation();
  const format = useMailFormat();
  const { mails, selected, onSelect, view, labels, dense } = props;
  const [search, setSearch] = useState(props.query);
  // The box follows a query set from outside (a link, back/forward), never one it sent itself:
  // the list re-renders when that answer lands, which must not wipe what is typed meanwhile.
  const sent = useRef(props.query);
  useEffect(() => {
    if (props.query === sent.current) return;
    sent.current = props.query;
    setSearch(props.query);
  }, [props.query]);
  const [labelMenu, setLabelMenu] = useState<HTMLElement | null>(null);
  const ids = [...selected];
  const all = mails.length > 0 && mails.every((m) => selected.has(m.id));
  const some = !all && mails.some((m) => selected.has(m.id));
  const custom = labels.filter((l) => l.type === 'custom');
  const inTrash = view === 'trash';
  const inSpam = view === 'spam';

  const action = (key: BulkAction, icon: ReactNode, label: string) => (
    <Tooltip title={label} key={key}>
      <IconButton aria-label={label} onClick={() => props.onBulk(key, ids)} size="small">
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: 1 }}>
      <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center' }}>
        {props.onMenu && (
          <IconButton aria-label={t('mail.folders.open')} onClick={props.onMenu}>
            <MenuRounded />
          </IconButton>
        )}
        <Box
          component="form"
          role="search"
          sx={{ flexGrow: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            sent.current = search.trim();
            props.onQuery(sent.current);
          }}
        >
          <TextField
            fullWidth
            size="small"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              if (!e.target.value) {
                sent.current = '';
                props.onQuery('');
              }
            }}
            placeholder={t('mail.search.placeholder')}
            inputRef={props.searchRef}
            slotProps={{
              htmlInput: { 'aria-label': t('mail.search.label'), 'aria-keyshortcuts': '/' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
      </Stack>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{
          px: 1.5,
          pb: 1,
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
          minHeight: 44,
        }}
      >
        <Checkbox
          size="small"
          checked={all}
          indeterminate={some}
          disabled={!mails.length}
          onChange={() => onSelect(all ? new Set() : new Set(mails.map((m) => m.id)))}
          slotProps={{ input: { 'aria-label': t('mail.list.selectAll') } }}
        />
        {ids.length > 0 ? (
          <>
            <Typography variant="body2" sx={{ mr: 1 }} aria-live="polite">
              {t('mail.list.selected', { count: ids.length })}
            </Typography>
            {inTrash
              ? [
                  action('restore', <RestoreFromTrashOutlined />, t('mail.actions.restore')),
                  action(
                    'deleteForever',
                    <DeleteForeverOutlined />,
                    t('mail.actions.deleteForever'),
                  ),
                ]
              : [
                  view !== 'drafts' &&
                    action('archive', <ArchiveOutlined />, t('mail.actions.archive')),
                  action('trash', <DeleteOutlineRounded />, t('mail.actions.trash')),
                  view !== 'drafts' &&
                    (inSpam
                      ? action('notSpam', <RestoreFromTrashOutlined />, t('mail.actions.notSpam'))
                      : action('spam', <ReportGmailerrorredRounded />, t('mail.actions.spam'))),
                ]}
            {action('read', <DraftsOutlined />, t('mail.actions.markRead'))}
            {action('unread', <MarkEmailUnreadOutlined />, t('mail.actions.markUnread'))}
            {custom.length > 0 && (
              <Tooltip title={t('mail.actions.label')}>
                <IconButton
                  size="small"
                  aria-label={t('mail.actions.label')}
                  onClick={(e) => setLabelMenu(e.currentTarget)}
                >
                  <LabelOutlined />
                </IconButton>
              </Tooltip>
            )}
          </>
        ) : (
          <>
            <Tooltip title={t('mail.list.refresh')}>
              <IconButton
                size="small"
                aria-label={t('mail.list.refresh')}
                onClick={props.onRefresh}
                disabled={props.refreshing}
              >
                <RefreshRounded />
              </IconButton>
            </Tooltip>
            <Typography variant="subtitle2" noWrap sx={{ flexGrow: 1, ml: 1 }} component="h2">
              {props.title}
            </Typography>
            <Tooltip title={dense ? t('mail.list.comfortable') : t('mail.list.dense')}>
              <IconButton
                size="small"
                aria-label={dense ? t('mail.list.comfortable') : t('mail.list.dense')}
                aria-pressed={dense}
                onClick={props.onDense}
              >
                {dense ? <DensityMediumRounded /> : <DensitySmallRounded />}
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      <Menu open={!!labelMenu} anchorEl={labelMenu} onClose={() => setLabelMenu(null)}>
        {custom.map((l) => {
          const on =
            ids.length > 0 &&
            ids.every((id) => mails.find((m) => m.id === id)?.labelIds.includes(l.id));
          return (
            <MenuItem
              key={l.id}
              onClick={() => {
                props.onLabel(ids, l.id, !on);
                setLabelMenu(null);
              }}
            >
              <Checkbox size="small" checked={on} tabIndex={-1} sx={{ p: 0, mr: 1 }} />
              <Box
                component="span"
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: l.color ?? 'grey.500',
                  mr: 1,
                }}
              />
              {l.name}
            </MenuItem>
          );
        })}
      </Menu>

      <Box sx={{ flexGrow: 1, overflowY: 'auto', minHeight: 0 }} aria-busy={props.loading}>
        {props.loading ? (
          Array.from({ length: 8 }, (_, i) => (
            <Stack key={i} direction="row" spacing={2} sx={{ px: 2, py: 1.5 }}>
              <Skeleton variant="circular" width={36} height={36} />
              <Box sx={{ flexGrow: 1 }}>
                <Skeleton width="40%" />
                <Skeleton width="90%" />
              </Box>
            </Stack>
          ))
        ) : !mails.length ? (
          <EmptyContent
            title={props.query ? t('mail.list.noResults') : t('mail.list.empty')}
            description={props.query ? t('mail.list.noResultsHint') : undefined}
          />
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={props.title}>
            {mails.map((mail, index) => (
              <MailRow
                key={mail.id}
                mail={mail}
                labels={labels}
                dense={dense}
                active={props.openId === mail.id}
                cursor={props.cursor === index}
                checked={selected.has(mail.id)}
                date={format.short(mail.createdAt)}
                view={view}
                showFolder={!!props.query}
                onOpen={() => props.onOpen(mail)}
                onCheck={() => {
                  const next = new Set(selected);
                  if (next.has(mail.id)) next.delete(mail.id);
                  else next.add(mail.id);
                  onSelect(next);
                }}
                onToggle={(flag) => props.onToggle(mail, flag)}
              />
            ))}
          </Box>
        )}
        {props.hasMore && !props.loading && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button
              onClick={props.onMore}
              disabled={props.fetchingMore}
              variant="outlined"
              color="inherit"
            >
              {props.fetchingMore ? t('common.loading') : t('mail.list.more')}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}

type RowProps = {
  mail: Mail;
  labels: MailLabel[];
  dense: boolean;
  active: boolean;
  cursor: boolean;
  checked: boolean;
  date: string;
  view: string;
  /** A search's results come from every folder: each says which. */
  showFolder: boolean;
  onOpen: () => void;
  onCheck: () => void;
  onToggle: (flag: 'isStarred' | 'isImportant') => void;
};

function MailRow({
  mail,
  labels,
  dense,
  active,
  cursor,
  checked,
  date,
  view,
  showFolder,
  onOpen,
  onCheck,
  onToggle,
}: RowProps) {
  const { t } = useTranslation();
  const outgoing =
    view === 'sent' || view === 'drafts' || mail.folder === 'sent' || mail.folder === 'drafts';
  const who = outgoing
    ? t('mail.list.toPrefix', {
        names: mail.to.map((p) => p.name).join(', ') || t('mail.list.noRecipient'),
      })
    : mail.from.name || mail.from.email;
  const mailLabels = labels.filter((l) => mail.labelIds.includes(l.id));
  return (
    <Box
      component="li"
      data-testid="mail-row"
      data-mail-id={mail.id}
      data-unread={mail.isUnread || undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: dense ? 0.25 : 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: active ? 'action.selected' : checked ? 'action.hover' : 'transparent',
        boxShadow: cursor ? (theme) => `inset 3px 0 0 ${theme.palette.primary.main}` : undefined,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Checkbox
        size="small"
        checked={checked}
        onChange={onCheck}
        slotProps={{
          input: {
            'aria-label': t('mail.list.select', { subject: mail.subject || t('mail.noSubject') }),
          },
        }}
      />
      <IconButton
        size="small"
        onClick={() => onToggle('isStarred')}
        aria-label={t(mail.isStarred ? 'mail.actions.unstar' : 'mail.actions.star')}
        aria-pressed={mail.isStarred}
        sx={{ color: mail.isStarred ? 'warning.main' : 'text.disabled' }}
      >
        {mail.isStarred ? <StarRounded fontSize="small" /> : <StarBorderRounded fontSize="small" />}
      </IconButton>
      {!dense && (
        <IconButton
          size="small"
          onClick={() => onToggle('isImportant')}
          aria-label={t(mail.isImportant ? 'mail.actions.notImportant' : 'mail.actions.important')}
          aria-pressed={mail.isImportant}
          sx={{
            color: mail.isImportant ? 'warning.main' : 'text.disabled',
            display: { xs: 'none', sm: 'inline-flex' },
          }}
        >
          {mail.isImportant ? (
            <LabelImportantRounded fontSize="small" />
          ) : (
            <LabelImportantOutlined fontSize="small" />
          )}
        </IconButton>
      )}
      <Box
        component="button"
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        data-mail-open
        sx={{
          all: 'unset',
          cursor: 'pointer',
          flexGrow: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          py: 0.5,
          borderRadius: 1,
          '&:focus-visible': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: 2,
          },
        }}
      >
        {!dense && (
          <Avatar
            src={mail.from.avatar ?? undefined}
            alt=""
            sx={{ width: 36, height: 36, display: { xs: 'none', sm: 'flex' } }}
          >
            {(mail.from.name || mail.from.email).charAt(0).toUpperCase()}
          </Avatar>
        )}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography
              variant="body2"
              noWrap
              sx={{ fontWeight: mail.isUnread ? 700 : 400, flexGrow: 1, minWidth: 0 }}
              dir="auto"
            >
              {mail.isUnread && (
                <Box component="span" sx={visuallyHidden}>
                  {t('mail.list.unread')}{' '}
                </Box>
              )}
              {who}
              {mail.threadCount > 1 && (
                <Box component="span" sx={{ color: 'text.secondary', mx: 0.5 }}>
                  {mail.threadCount}
                </Box>
              )}
            </Typography>
            {mail.attachments.length > 0 && (
              <AttachFileRounded
                fontSize="inherit"
                sx={{ color: 'text.secondary' }}
                titleAccess={t('mail.list.hasAttachment')}
              />
            )}
            <Typography
              variant="caption"
              noWrap
              sx={{
                color: mail.isUnread ? 'text.primary' : 'text.secondary',
                fontWeight: mail.isUnread ? 700 : 400,
                flexShrink: 0,
              }}
            >
              {date}
            </Typography>
          </Stack>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }} dir="auto">
            {showFolder && (
              <Box
                component="span"
                data-testid="mail-row-folder"
                sx={{
                  px: 0.75,
                  mr: 1,
                  borderRadius: 0.75,
                  typography: 'caption',
                  fontWeight: 600,
                  bgcolor: 'action.selected',
                  color: 'text.primary',
                }}
              >
                {t(`mail.folders.${mail.folder}`)}
              </Box>
            )}
            <Box
              component="span"
              sx={{ color: 'text.primary', fontWeight: mail.isUnread ? 600 : 400 }}
            >
              {mail.subject || t('mail.noSubject')}
            </Box>
            {!dense && mail.message && <> — {mail.message}</>}
          </Typography>
          {!dense && mailLabels.length > 0 && (
            <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
              {mailLabels.map((l) => (
                <Box
                  key={l.id}
                  component="span"
                  sx={{
                    px: 0.75,
                    borderRadius: 0.75,
                    typography: 'caption',
                    fontWeight: 600,
                    border: 1,
                    borderColor: l.color ?? 'divider',
                    color: 'text.primary',
                  }}
                >
                  {l.name}
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
