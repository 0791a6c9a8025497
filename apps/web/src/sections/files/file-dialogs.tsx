import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import FolderRounded from '@mui/icons-material/FolderRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DriveFile } from '@bo/contract/files-records';
import { fileNameSchema } from '@bo/contract/files-records';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../locales/form-errors';
import type { HttpError } from '../../lib/http';
import { useFilesQuery } from './files-api';

/** The field's message from a refusal naming it, else the whole message. */
function fieldMessage(t: ReturnType<typeof useTranslation>['t'], error: unknown, field: string) {
  const e = error as HttpError;
  const detail = e.details?.find((d) => d.field === field);
  return detail ? translateError(t, { ...e, details: [detail] }) : translateError(t, e);
}

/** New folder, or rename: one name, checked as the server checks it. */
export function NameDialog({
  title,
  initial,
  action,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  action: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = fileNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(name.trim() ? t('files.errors.badName') : t('files.errors.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      onClose();
    } catch (e) {
      const err = e as HttpError;
      setError(
        err.details?.some((d) => d.code === 'name_taken')
          ? t('files.errors.nameTaken')
          : fieldMessage(t, e, 'name'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="name-dialog-title"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="name-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label={t('files.fields.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError('');
            }}
            onFocus={(e) => {
              // Select the name without its extension, as file managers do.
              const dot = e.target.value.lastIndexOf('.');
              e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
            }}
            error={Boolean(error)}
            helperText={error || ' '}
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'file-name-input' } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {action}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Picks a folder of one's files by walking down from the root. */
export function MoveDialog({
  items,
  mode,
  onSubmit,
  onClose,
}: {
  items: DriveFile[];
  mode: 'move' | 'copy';
  onSubmit: (folderId: string | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [trail, setTrail] = useState<Array<{ id: string; name: string }>>([]);
  const here = trail.at(-1)?.id ?? null;
  const { data, isFetching } = useFilesQuery({
    view: 'mine',
    folderId: here ?? undefined,
    type: 'folder',
    sort: 'name',
    limit: 200,
  });
  const moving = new Set(items.map((i) => i.id));
  const folders = (data?.files ?? []).filter((f) => f.isFolder && !moving.has(f.id));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(here);
      onClose();
    } catch (e) {
      setError(fieldMessage(t, e, 'folderId'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="move-dialog-title"
    >
      <DialogTitle id="move-dialog-title">
        {t(mode === 'move' ? 'files.move.title' : 'files.move.copyTitle', { count: items.length })}
      </DialogTitle>
      <DialogContent sx={{ minHeight: 280 }}>
        <Breadcrumbs
          separator={
            <ChevronRightRounded
              fontSize="small"
              sx={{ transform: 'scaleX(var(--dir-flip, 1))' }}
            />
          }
          sx={{ mb: 1 }}
        >
          <Link
            component="button"
            type="button"
            underline="hover"
            onClick={() => setTrail([])}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <HomeRounded fontSize="small" /> {t('files.views.mine')}
          </Link>
          {trail.map((c, i) => (
            <Link
              key={c.id}
              component="button"
              type="button"
              underline="hover"
              onClick={() => setTrail(trail.slice(0, i + 1))}
              dir="auto"
            >
              {c.name}
            </Link>
          ))}
        </Breadcrumbs>
        <List dense aria-label={t('files.move.folders')}>
          {isFetching && !data && [0, 1, 2].map((i) => <Skeleton key={i} height={40} />)}
          {folders.map((folder) => (
            <ListItemButton
              key={folder.id}
              onClick={() => setTrail([...trail, { id: folder.id, name: folder.name }])}
            >
              <ListItemIcon>
                <FolderRounded sx={{ color: 'warning.main' }} />
              </ListItemIcon>
              <ListItemText primary={<bdi>{folder.name}</bdi>} />
              <ChevronRightRounded
                sx={{ color: 'text.disabled', transform: 'scaleX(var(--dir-flip, 1))' }}
              />
            </ListItemButton>
          ))}
          {data && folders.length === 0 && (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', py: 2, textAlign: 'center' }}
            >
              {t('files.move.noFolders')}
            </Typography>
          )}
        </List>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy}
          data-testid="move-here"
        >
          {t(mode === 'move' ? 'files.move.here' : 'files.move.copyHere')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
