import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SavedView } from '@bo/contract/views';
import type { SavedViewList } from '@bo/contract/views-paths';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { notify } from '../snackbar/notify';
import { applyServerFieldErrors, translateError } from '../../locales/form-errors';
import {
  useCreateViewMutation,
  useDeleteViewMutation,
  useSavedViewsQuery,
  useUpdateViewMutation,
} from './views-api';

type Filters = Record<string, string>;

/** The filters a view holds, as plain address values (the lists' filters are single values). */
const filtersOf = (view: SavedView): Filters =>
  Object.fromEntries(
    Object.entries(view.state.filters).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
  );

const sameFilters = (a: Filters, b: Filters) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? '') === (b[k] ?? ''));
};

type Props = {
  list: SavedViewList;
  /** The list's filters now (empty values left out). */
  filters: Filters;
  /** Puts a view's filters on the list (replacing the ones shown). */
  onApply: (filters: Filters) => void;
};

/**
 * A list's saved views: pick one to restore its filters, save the filters shown under a name,
 * make one the list's default (the list opens on it when its address has no filter), delete
 * one's own. Views shared with one's role are listed too, read-only.
 */
export function SavedViewsMenu({ list, filters, onApply }: Props) {
  const { t } = useTranslation();
  const { data } = useSavedViewsQuery(list);
  const [create, creating] = useCreateViewMutation();
  const [update] = useUpdateViewMutation();
  const [remove, removing] = useDeleteViewMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [asDefault, setAsDefault] = useState(false);
  const [nameError, setNameError] = useState('');
  const [doomed, setDoomed] = useState<SavedView | null>(null);

  const views = data?.views ?? [];
  const current = views.find((v) => sameFilters(filtersOf(v), filters));
  const empty = Object.keys(filters).length === 0;

  // Opened with no filter in its address, the list shows my default view once.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !data) return;
    opened.current = true;
    const fallback = data.views.find((v) => v.isDefault);
    if (empty && fallback) onApply(filtersOf(fallback));
  }, [data, empty, onApply]);

  const close = () => setAnchor(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNameError('');
    try {
      await create({
        list,
        name: name.trim(),
        isDefault: asDefault,
        state: { filters },
      }).unwrap();
      notify(t('common.views.saved', { name: name.trim() }));
      setSaving(false);
    } catch (error) {
      const onField = applyServerFieldErrors(t, error, (_f, e) => setNameError(e.message), [
        'name',
      ] as const);
      if (!onField) notify.error(translateError(t, error));
    }
  };

  const makeDefault = async (view: SavedView) => {
    close();
    try {
      await update({ id: view.id, list, body: { isDefault: true } }).unwrap();
      notify(t('common.views.defaultSet', { name: view.name }));
    } catch (error) {
      notify.error(translateError(t, error));
    }
  };

  const confirmDelete = async () => {
    if (!doomed) return;
    try {
      await remove({ id: doomed.id, list }).unwrap();
      notify(t('common.views.deleted', { name: doomed.name }));
      setDoomed(null);
    } catch (error) {
      notify.error(translateError(t, error));
    }
  };

  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        startIcon={<BookmarkBorderRounded />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? `views-menu-${list}` : undefined}
        data-testid="saved-views-button"
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {current ? current.name : t('common.views.button')}
      </Button>
      <Menu id={`views-menu-${list}`} anchorEl={anchor} open={!!anchor} onClose={close}>
        {views.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary={t('common.views.none')} />
          </MenuItem>
        )}
        {views.map((view) => (
          <MenuItem
            key={view.id}
            selected={view.id === current?.id}
            onClick={() => {
              close();
              onApply(filtersOf(view));
            }}
          >
            <ListItemIcon>{view.id === current?.id ? <CheckRounded /> : null}</ListItemIcon>
            <ListItemText
              primary={view.name}
              secondary={
                view.isDefault
                  ? t('common.views.isDefault')
                  : view.mine
                    ? undefined
                    : t('common.views.sharedBy', { name: view.owner.name })
              }
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setName('');
            setAsDefault(false);
            setNameError('');
            setSaving(true);
          }}
        >
          {t('common.views.save')}
        </MenuItem>
        {current?.mine && !current.isDefault && (
          <MenuItem onClick={() => void makeDefault(current)}>
            {t('common.views.makeDefault', { name: current.name })}
          </MenuItem>
        )}
        {current?.mine && (
          <MenuItem
            onClick={() => {
              close();
              setDoomed(current);
            }}
            sx={{ color: 'error.main' }}
          >
            {t('common.views.delete', { name: current.name })}
          </MenuItem>
        )}
      </Menu>

      <Dialog open={saving} onClose={() => setSaving(false)} maxWidth="xs" fullWidth>
        <form onSubmit={(e) => void save(e)} noValidate>
          <DialogTitle>{t('common.views.saveTitle')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              required
              margin="dense"
              label={t('common.views.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!nameError}
              helperText={nameError || ' '}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <FormControlLabel
              control={
                <Checkbox checked={asDefault} onChange={(e) => setAsDefault(e.target.checked)} />
              }
              label={t('common.views.openOnIt')}
            />
          </DialogContent>
          <DialogActions>
            <Button color="inherit" variant="outlined" onClick={() => setSaving(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={!name.trim() || creating.isLoading}>
              {t('common.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <ConfirmDialog
        open={!!doomed}
        title={t('common.views.deleteTitle')}
        content={t('common.views.deleteText', { name: doomed?.name ?? '' })}
        action={t('common.delete')}
        busy={removing.isLoading}
        onClose={() => setDoomed(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
