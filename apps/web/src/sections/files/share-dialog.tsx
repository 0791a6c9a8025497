import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import LinkRounded from '@mui/icons-material/LinkRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DriveFile } from '@bo/contract/files-records';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import type { HttpError } from '../../lib/http';
import { useFileFormat } from './file-format';
import {
  type Person,
  useCreateLinkMutation,
  useFileQuery,
  useRevokeLinkMutation,
  useShareFileMutation,
  useSharePeopleQuery,
  useUnshareFileMutation,
} from './files-api';
import { DateField } from '../../components/form/date-field';

/** The field's message from a refusal naming it, else the whole message. */
function fieldMessage(t: ReturnType<typeof useTranslation>['t'], error: unknown, field: string) {
  const e = error as HttpError;
  const detail = e.details?.find((d) => d.field === field);
  return detail ? translateError(t, { ...e, details: [detail] }) : translateError(t, e);
}

/**
 * Whom to share with (a colleague found by name or address, two letters at least) and with
 * which access; `children` sit at the end of the row (the single dialog's invite button).
 */
function SharePersonFields({
  person,
  onPerson,
  access,
  onAccess,
  children,
}: {
  person: Person | null;
  onPerson: (person: Person | null) => void;
  access: 'view' | 'edit';
  onAccess: (access: 'view' | 'edit') => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setDebounced(q.trim()), 250);
    return () => clearTimeout(id);
  }, [q]);
  const people = useSharePeopleQuery(debounced, { skip: debounced.length < 2 });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
      <Autocomplete
        sx={{ flex: 1 }}
        options={people.data?.people ?? []}
        value={person}
        onChange={(_, value) => onPerson(value)}
        inputValue={q}
        onInputChange={(_, value) => setQ(value)}
        filterOptions={(x) => x}
        getOptionLabel={(p) => (p.email ? `${p.name} <${p.email}>` : p.name)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={people.isFetching}
        noOptionsText={debounced.length < 2 ? t('files.share.typeMore') : t('files.share.nobody')}
        renderOption={({ key, ...props }, p) => (
          <li key={key} {...props}>
            <Avatar src={p.avatarUrl ?? undefined} alt="" sx={{ width: 28, height: 28, me: 1 }} />
            <bdi>{p.name}</bdi>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('files.share.invite')}
            placeholder={t('files.share.invitePlaceholder')}
          />
        )}
      />
      <TextField
        select
        label={t('files.share.access')}
        value={access}
        onChange={(e) => onAccess(e.target.value as 'view' | 'edit')}
        sx={{ minWidth: 130 }}
      >
        <MenuItem value="view">{t('files.share.view')}</MenuItem>
        <MenuItem value="edit">{t('files.share.edit')}</MenuItem>
      </TextField>
      {children}
    </Stack>
  );
}

/** Share with colleagues (view or edit) and by link (optional password and expiry). */
export function ShareDialog({ file, onClose }: { file: DriveFile; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFileFormat();
  const { data } = useFileQuery(file.id);
  const details = data?.file;
  const [person, setPerson] = useState<Person | null>(null);
  const [access, setAccess] = useState<'view' | 'edit'>('view');
  // A new picker (empty search) after each invitation.
  const [pickerKey, setPickerKey] = useState(0);
  const [share, sharing] = useShareFileMutation();
  const [unshare] = useUnshareFileMutation();
  const [createLink, linking] = useCreateLinkMutation();
  const [revoke] = useRevokeLinkMutation();
  const [password, setPassword] = useState('');
  const [expires, setExpires] = useState('');
  const [newUrl, setNewUrl] = useState('');
  const [error, setError] = useState('');
  const owner = file.access === 'owner';

  const invite = async () => {
    if (!person) return;
    try {
      await share({ id: file.id, userId: person.id, access }).unwrap();
      notify.success(t('files.share.shared', { name: person.name }));
      setPerson(null);
      setPickerKey((k) => k + 1);
    } catch (e) {
      setError(fieldMessage(t, e, 'userId'));
    }
  };

  const makeLink = async () => {
    if (password && password.length < 4) {
      setError(t('files.errors.passwordShort'));
      return;
    }
    try {
      const { link } = await createLink({
        id: file.id,
        password: password || undefined,
        expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : undefined,
      }).unwrap();
      const url = `${window.location.origin}${link.url}`;
      setNewUrl(url);
      setPassword('');
      await navigator.clipboard?.writeText(url).catch(() => undefined);
    } catch (e) {
      setError(fieldMessage(t, e, 'expiresAt'));
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title">
        {t('files.share.title')} · <bdi>{file.name}</bdi>
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setError('')}>
            {error}
          </Alert>
        )}
        {owner && (
          <SharePersonFields
            key={pickerKey}
            person={person}
            onPerson={setPerson}
            access={access}
            onAccess={setAccess}
          >
            <Button
              variant="contained"
              onClick={() => void invite()}
              disabled={!person || sharing.isLoading}
              data-testid="share-invite"
            >
              {t('files.share.send')}
            </Button>
          </SharePersonFields>
        )}

        <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
          {t('files.share.people')}
        </Typography>
        <List dense disablePadding>
          {details?.owner && (
            <ListItem>
              <ListItemAvatar>
                <Avatar src={details.owner.avatarUrl ?? undefined} alt="" />
              </ListItemAvatar>
              <ListItemText
                primary={<bdi>{details.owner.name}</bdi>}
                secondary={t('files.share.owner')}
              />
            </ListItem>
          )}
          {(details?.shares ?? []).map((s) => (
            <ListItem
              key={s.user.id}
              secondaryAction={
                owner && (
                  <Stack direction="row" spacing={1} alignItems="center">
                    <TextField
                      select
                      size="small"
                      value={s.access}
                      onChange={(e) =>
                        void share({
                          id: file.id,
                          userId: s.user.id,
                          access: e.target.value as 'view' | 'edit',
                        })
                      }
                      slotProps={{
                        htmlInput: {
                          'aria-label': t('files.share.accessOf', { name: s.user.name }),
                        },
                      }}
                    >
                      <MenuItem value="view">{t('files.share.view')}</MenuItem>
                      <MenuItem value="edit">{t('files.share.edit')}</MenuItem>
                    </TextField>
                    <Tooltip title={t('files.share.remove')}>
                      <IconButton
                        aria-label={t('files.share.removeOf', { name: s.user.name })}
                        onClick={() => void unshare({ id: file.id, userId: s.user.id })}
                      >
                        <DeleteOutlineRounded />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                )
              }
            >
              <ListItemAvatar>
                <Avatar src={s.user.avatarUrl ?? undefined} alt="" />
              </ListItemAvatar>
              <ListItemText
                primary={<bdi>{s.user.name}</bdi>}
                secondary={t(s.access === 'edit' ? 'files.share.edit' : 'files.share.view')}
              />
            </ListItem>
          ))}
        </List>

        {file.access !== 'view' && (
          <>
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('files.share.links')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                label={t('files.share.password')}
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="new-password"
                helperText={t('files.share.optional')}
                sx={{ flex: 1 }}
              />
              <DateField
                label={t('files.share.expires')}
                type="date"
                value={expires}
                onChange={(e) => setExpires(e.target.value)}
                helperText={t('files.share.optional')}
                sx={{ flex: 1 }}
              />
              <Button
                variant="outlined"
                startIcon={<LinkRounded />}
                onClick={() => void makeLink()}
                disabled={linking.isLoading}
                sx={{ alignSelf: { sm: 'flex-start' }, mt: { sm: 1 } }}
                data-testid="create-link"
              >
                {t('files.share.createLink')}
              </Button>
            </Stack>
            {newUrl && (
              <Alert
                severity="success"
                sx={{ mt: 2, wordBreak: 'break-all' }}
                action={
                  <Tooltip title={t('files.share.copy')}>
                    <IconButton
                      aria-label={t('files.share.copy')}
                      onClick={() => void navigator.clipboard?.writeText(newUrl)}
                    >
                      <ContentCopyRounded />
                    </IconButton>
                  </Tooltip>
                }
              >
                <Typography variant="body2">{t('files.share.linkReady')}</Typography>
                <Box component="code" dir="ltr" data-testid="new-link">
                  {newUrl}
                </Box>
              </Alert>
            )}
            <List dense>
              {(details?.links ?? []).map((l) => (
                <ListItem
                  key={l.id}
                  secondaryAction={
                    <Tooltip title={t('files.share.revoke')}>
                      <IconButton
                        aria-label={t('files.share.revoke')}
                        onClick={() => void revoke({ id: file.id, linkId: l.id })}
                      >
                        <DeleteOutlineRounded />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemIcon>
                    <LinkRounded />
                  </ListItemIcon>
                  <ListItemText
                    primary={t('files.share.linkMade', { date: f.date(l.createdAt) })}
                    secondary={[
                      l.hasPassword ? t('files.share.withPassword') : null,
                      l.expiresAt
                        ? t('files.share.until', { date: f.date(l.expiresAt) })
                        : t('files.share.noExpiry'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Share several items at once with one person (view or edit), in one request: the items the
 * server refuses (not the caller's own) come back named, for `onDone` to say.
 */
export function BulkShareDialog({
  count,
  onSubmit,
  onClose,
}: {
  count: number;
  onSubmit: (userId: string, access: 'view' | 'edit') => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [person, setPerson] = useState<Person | null>(null);
  const [access, setAccess] = useState<'view' | 'edit'>('view');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    if (!person) return;
    setBusy(true);
    try {
      await onSubmit(person.id, access);
      onClose();
    } catch (e) {
      setError(fieldMessage(t, e, 'userIds'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="bulk-share-title"
    >
      <DialogTitle id="bulk-share-title">{t('files.bulk.shareTitle', { count })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('files.bulk.shareHint')}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setError('')}>
            {error}
          </Alert>
        )}
        <SharePersonFields
          person={person}
          onPerson={setPerson}
          access={access}
          onAccess={setAccess}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!person || busy}
          data-testid="bulk-share-submit"
        >
          {t('files.share.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
