import AllInboxRounded from '@mui/icons-material/AllInboxRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import EditRounded from '@mui/icons-material/EditRounded';
import InboxRounded from '@mui/icons-material/InboxRounded';
import LabelImportantOutlined from '@mui/icons-material/LabelImportantOutlined';
import LabelRounded from '@mui/icons-material/LabelRounded';
import AddRounded from '@mui/icons-material/AddRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import ReportGmailerrorredRounded from '@mui/icons-material/ReportGmailerrorredRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MailLabel } from '@bo/contract/mail';
import { MAIL_LABEL_COLORS, MAIL_LIMITS } from '@bo/contract/mail-constants';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import type { HttpError } from '../../lib/http';
import {
  useCreateMailLabelMutation,
  useDeleteMailLabelMutation,
  useUpdateMailLabelMutation,
} from './mail-api';

const ICONS: Record<string, ReactNode> = {
  inbox: <InboxRounded />,
  sent: <SendRounded />,
  drafts: <DraftsOutlined />,
  trash: <DeleteOutlineRounded />,
  spam: <ReportGmailerrorredRounded />,
  starred: <StarBorderRounded />,
  important: <LabelImportantOutlined />,
  all: <AllInboxRounded />,
};
/** Folders whose count is of all their messages rather than the unread ones. */
const SHOW_TOTAL = new Set(['drafts']);

type Props = {
  labels: MailLabel[] | undefined;
  current: string;
  onSelect: (label: MailLabel) => void;
  onCompose: () => void;
};

/** Folders and labels with their counts, the compose button, and the person's labels' menu. */
export function MailNav({ labels, current, onSelect, onCompose }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MailLabel | 'new' | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; label: MailLabel } | null>(null);
  const [deleting, setDeleting] = useState<MailLabel | null>(null);
  const [remove, removing] = useDeleteMailLabelMutation();

  const row = (label: MailLabel) => {
    const count = SHOW_TOTAL.has(label.id) ? label.totalCount : label.unreadCount;
    const name = label.type === 'system' ? t(`mail.folders.${label.id}`) : label.name;
    const selected = current === label.id;
    return (
      <ListItem
        key={label.id}
        disablePadding
        secondaryAction={
          label.type === 'custom' ? (
            <IconButton
              edge="end"
              size="small"
              aria-label={t('mail.labels.actions', { name })}
              onClick={(event) => setMenu({ anchor: event.currentTarget, label })}
            >
              <MoreVertRounded fontSize="small" />
            </IconButton>
          ) : undefined
        }
      >
        <ListItemButton
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={() => onSelect(label)}
          sx={{ borderRadius: 1, minHeight: 40, pr: label.type === 'custom' ? 6 : 1.5 }}
          data-testid={`mail-folder-${label.type === 'system' ? label.id : 'label'}`}
        >
          <ListItemIcon sx={{ minWidth: 36, color: label.color ?? 'inherit' }}>
            {ICONS[label.id] ?? <LabelRounded />}
          </ListItemIcon>
          <ListItemText
            primary={name}
            slotProps={{
              primary: {
                noWrap: true,
                sx: { fontWeight: count && !SHOW_TOTAL.has(label.id) ? 700 : 500 },
              },
            }}
          />
          {count > 0 && (
            <Typography
              variant="caption"
              sx={{ fontWeight: 700, ml: 1 }}
              aria-label={
                SHOW_TOTAL.has(label.id)
                  ? t('mail.count.total', { count })
                  : t('mail.count.unread', { count })
              }
              data-testid={`mail-count-${label.type === 'system' ? label.id : label.name}`}
            >
              {count}
            </Typography>
          )}
        </ListItemButton>
      </ListItem>
    );
  };

  const system = labels?.filter((l) => l.type === 'system') ?? [];
  const custom = labels?.filter((l) => l.type === 'custom') ?? [];

  return (
    <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, minHeight: 0 }}>
      <Button
        variant="contained"
        color="inherit"
        startIcon={<EditRounded />}
        onClick={onCompose}
        sx={{
          bgcolor: 'text.primary',
          color: 'background.paper',
          '&:hover': { bgcolor: 'grey.700' },
        }}
        aria-keyshortcuts="c"
      >
        {t('mail.compose.open')}
      </Button>
      <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
        <nav aria-label={t('mail.folders.title')}>
          <List dense disablePadding>
            {labels
              ? system.map(row)
              : Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} variant="rounded" height={32} sx={{ my: 0.5 }} />
                ))}
          </List>
          <List
            dense
            disablePadding
            subheader={
              <ListSubheader
                disableSticky
                sx={{ display: 'flex', alignItems: 'center', px: 1, bgcolor: 'transparent' }}
              >
                <Box sx={{ flexGrow: 1 }}>{t('mail.labels.title')}</Box>
                <IconButton
                  size="small"
                  aria-label={t('mail.labels.create')}
                  onClick={() => setEditing('new')}
                >
                  <AddRounded fontSize="small" />
                </IconButton>
              </ListSubheader>
            }
          >
            {custom.map(row)}
            {labels && !custom.length && (
              <Typography variant="caption" sx={{ px: 1.5, color: 'text.secondary' }}>
                {t('mail.labels.none')}
              </Typography>
            )}
          </List>
        </nav>
      </Box>

      <Menu open={!!menu} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setEditing(menu!.label);
            setMenu(null);
          }}
        >
          {t('mail.labels.edit')}
        </MenuItem>
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            setDeleting(menu!.label);
            setMenu(null);
          }}
        >
          {t('mail.labels.delete')}
        </MenuItem>
      </Menu>
      {editing && (
        <LabelDialog label={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('mail.labels.deleteTitle')}
        content={t('mail.labels.deleteText', { name: deleting?.name ?? '' })}
        action={t('mail.labels.delete')}
        busy={removing.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove(deleting!.id).unwrap();
            notify(t('mail.labels.deleted'));
            if (current === deleting!.id) onSelect(system[0]!);
            setDeleting(null);
          } catch (error) {
            notify.error(translateError(t, error));
          }
        }}
      />
    </Box>
  );
}

/** Create, rename or recolour a label. */
function LabelDialog({ label, onClose }: { label: MailLabel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState<string>(label?.color ?? MAIL_LABEL_COLORS[0]);
  const [error, setError] = useState('');
  const [create, creating] = useCreateMailLabelMutation();
  const [update, updating] = useUpdateMailLabelMutation();
  const busy = creating.isLoading || updating.isLoading;

  const save = async () => {
    if (!name.trim()) {
      setError(t('mail.labels.nameRequired'));
      return;
    }
    try {
      if (label) await update({ id: label.id, name: name.trim(), color }).unwrap();
      else await create({ name: name.trim(), color }).unwrap();
      notify(t(label ? 'mail.labels.saved' : 'mail.labels.created'));
      onClose();
    } catch (err) {
      const e = err as HttpError;
      setError(
        e.details?.some((d) => d.code === 'taken')
          ? t('mail.labels.taken')
          : translateError(t, err),
      );
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t(label ? 'mail.labels.edit' : 'mail.labels.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            autoFocus
            label={t('mail.labels.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError('');
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save();
            }}
            error={!!error}
            helperText={error || ' '}
            slotProps={{ htmlInput: { maxLength: MAIL_LIMITS.labelName } }}
          />
          <Box
            role="radiogroup"
            aria-label={t('mail.labels.color')}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            {MAIL_LABEL_COLORS.map((c, i) => (
              <Box
                key={c}
                component="button"
                type="button"
                role="radio"
                aria-checked={color === c}
                aria-label={t('mail.labels.colorN', { n: i + 1 })}
                onClick={() => setColor(c)}
                sx={{
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  bgcolor: c,
                  cursor: 'pointer',
                  border: 3,
                  borderColor: color === c ? 'text.primary' : 'transparent',
                  outlineOffset: 2,
                }}
              />
            ))}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
