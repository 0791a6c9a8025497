import AddRounded from '@mui/icons-material/AddRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ADMIN_ROLE, PERMISSION_AREAS, type Permission } from '@bo/contract/roles';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { roleName } from '../../lib/audit-labels';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { AdminListError } from '../admin/admin-list';
import { stackedTableSx } from '../admin/stacked-table-sx';
import { useRolesQuery } from '../users/users-api';
import {
  useCreateRoleMutation,
  useDeleteRoleMutation,
  usePermissionInfoQuery,
  useUpdateRoleMutation,
  type PermissionInfo,
  type Role,
} from './roles-api';

/** What the dialog is for: a new role, a copy of one, or changing one. */
type Editing =
  { mode: 'create' } | { mode: 'duplicate'; role: Role } | { mode: 'edit'; role: Role };

/** The translated one-line description of a permission (`users:read` → `…permissions.users.read`). */
const describe = (t: TFunction, p: PermissionInfo) =>
  t(`admin.roles.permissions.${p.name.replace(':', '.')}`, { defaultValue: p.description });

/** The reason of a refusal (the rule the server names), else the general translation. */
function errorText(t: TFunction, error: unknown): string {
  const code = isHttpError(error) ? error.details?.[0]?.code : undefined;
  const rule = code ? t(`admin.roles.errors.${code}`, { defaultValue: '' }) : '';
  return rule || translateError(t, error);
}

/** Administration → Roles: the roles, their people and their permissions. */
export function RolesView() {
  const { t } = useTranslation();
  const roles = useRolesQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  return (
    <>
      <PageHeader
        title={t('admin.roles.title')}
        crumbs={[
          { name: t('admin.crumbs.dashboard'), href: paths.dashboard.root },
          { name: t('admin.crumbs.admin') },
          { name: t('admin.roles.title') },
        ]}
        action={
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            onClick={() => setEditing({ mode: 'create' })}
          >
            {t('admin.roles.new')}
          </Button>
        }
      />
      <Card>
        {roles.isError ? (
          <AdminListError error={roles.error} onRetry={() => void roles.refetch()} />
        ) : (
          <TableContainer>
            <Table aria-label={t('admin.roles.title')} sx={stackedTableSx(640)}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin.roles.columns.name')}</TableCell>
                  <TableCell align="right">{t('admin.roles.columns.people')}</TableCell>
                  <TableCell align="right">{t('admin.roles.columns.permissions')}</TableCell>
                  <TableCell align="right">{t('admin.roles.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {roles.isLoading &&
                  [0, 1, 2].map((i) => (
                    <TableRow key={i}>
                      <TableCell colSpan={4}>
                        <Skeleton height={32} />
                      </TableCell>
                    </TableRow>
                  ))}
                {roles.data?.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>
                      <EmptyContent title={t('admin.roles.empty')} />
                    </TableCell>
                  </TableRow>
                )}
                {roles.data?.map((role) => (
                  <RoleRow
                    key={role.id}
                    role={role}
                    onEdit={() => setEditing({ mode: 'edit', role })}
                    onDuplicate={() => setEditing({ mode: 'duplicate', role })}
                    onDelete={() => setDeleting(role)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {editing && (
        <RoleDialog
          editing={editing}
          names={roles.data?.map((r) => r.name) ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteRoleDialog
          role={deleting}
          others={(roles.data ?? []).filter((r) => r.id !== deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

function RoleRow({
  role,
  onEdit,
  onDuplicate,
  onDelete,
}: {
  role: Role;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const name = roleName(t, role.name);
  return (
    <TableRow hover data-testid={`role-${role.name}`}>
      <TableCell data-label={t('admin.roles.columns.name')}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="span">
            {name}
          </Typography>
          {role.builtIn && <Label color="info">{t('admin.roles.builtIn')}</Label>}
        </Stack>
      </TableCell>
      <TableCell align="right" data-label={t('admin.roles.columns.people')}>
        {role.people.toLocaleString()}
      </TableCell>
      <TableCell align="right" data-label={t('admin.roles.columns.permissions')}>
        {role.permissions.length.toLocaleString()}
      </TableCell>
      <TableCell align="right" data-label={t('admin.roles.columns.actions')}>
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={t('admin.roles.actions.edit', { name })}>
            <IconButton aria-label={t('admin.roles.actions.edit', { name })} onClick={onEdit}>
              <EditRounded fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('admin.roles.actions.duplicate', { name })}>
            <IconButton
              aria-label={t('admin.roles.actions.duplicate', { name })}
              onClick={onDuplicate}
            >
              <ContentCopyRounded fontSize="small" />
            </IconButton>
          </Tooltip>
          {!role.builtIn && (
            <Tooltip title={t('admin.roles.actions.delete', { name })}>
              <IconButton
                aria-label={t('admin.roles.actions.delete', { name })}
                onClick={onDelete}
                color="error"
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** Create, duplicate or change a role: its name, and its permissions ticked by area. */
function RoleDialog({
  editing,
  names,
  onClose,
}: {
  editing: Editing;
  names: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const info = usePermissionInfoQuery();
  const [create, created] = useCreateRoleMutation();
  const [update, updated] = useUpdateRoleMutation();
  const busy = created.isLoading || updated.isLoading;
  const source = editing.mode === 'create' ? null : editing.role;

  const [name, setName] = useState(() => {
    if (editing.mode === 'edit') return editing.role.name;
    if (editing.mode === 'create') return '';
    const base = t('admin.roles.copyName', { name: roleName(t, editing.role.name) });
    let candidate = base;
    for (let i = 2; names.some((n) => n.toLowerCase() === candidate.toLowerCase()); i++) {
      candidate = `${base} ${i}`;
    }
    return candidate;
  });
  const [granted, setGranted] = useState<Set<string>>(
    () => new Set(source?.permissions ?? ['account:self']),
  );
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  const keepsName = editing.mode === 'edit' && editing.role.builtIn;
  const keepsAll = editing.mode === 'edit' && editing.role.name === ADMIN_ROLE;

  const byArea = useMemo(
    () =>
      PERMISSION_AREAS.map((area) => ({
        area,
        permissions: (info.data ?? []).filter((p) => p.area === area),
      })).filter((g) => g.permissions.length > 0),
    [info.data],
  );

  const toggle = (names: string[], on: boolean) =>
    setGranted((prev) => {
      const next = new Set(prev);
      for (const n of names) {
        if (on) next.add(n);
        else next.delete(n);
      }
      return next;
    });

  const title =
    editing.mode === 'create'
      ? t('admin.roles.dialog.createTitle')
      : editing.mode === 'duplicate'
        ? t('admin.roles.dialog.duplicateTitle', { name: roleName(t, editing.role.name) })
        : t('admin.roles.dialog.editTitle', { name: roleName(t, editing.role.name) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNameError(null);
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('admin.roles.dialog.nameRequired'));
      return;
    }
    // Only names the server listed are ever ticked.
    const permissions = [...granted].sort() as Permission[];
    try {
      if (editing.mode === 'edit') {
        await update({
          id: editing.role.id,
          body: {
            ...(trimmed !== editing.role.name ? { name: trimmed } : {}),
            ...(keepsAll ? {} : { permissions }),
          },
        }).unwrap();
        notify(t('admin.roles.saved'));
      } else {
        await create({ name: trimmed, permissions }).unwrap();
        notify(t('admin.roles.created'));
      }
      // One's own role may have changed: the menu and the guards follow.
      void refreshUser();
      onClose();
    } catch (err) {
      const field = isHttpError(err) ? err.details?.[0]?.field : undefined;
      if (field === 'name') setNameError(errorText(t, err));
      else setError(errorText(t, err));
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="role-dialog-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="role-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={3}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <TextField
              label={t('admin.roles.dialog.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoFocus={!keepsName}
              disabled={keepsName}
              error={!!nameError}
              helperText={nameError ?? (keepsName ? t('admin.roles.dialog.builtInName') : ' ')}
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
            {keepsAll && <Alert severity="info">{t('admin.roles.dialog.adminKeepsAll')}</Alert>}
            {info.isLoading && <Skeleton variant="rounded" height={240} />}
            {info.isError && <Alert severity="error">{translateError(t, info.error)}</Alert>}
            {byArea.map(({ area, permissions }) => {
              const on = permissions.filter((p) => granted.has(p.name)).length;
              const legendId = `role-area-${area}`;
              return (
                <Box
                  key={area}
                  component="fieldset"
                  aria-labelledby={legendId}
                  sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
                >
                  <Stack
                    direction="row"
                    sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}
                  >
                    <Typography id={legendId} component="legend" variant="subtitle1">
                      {t(`admin.roles.areas.${area}`)}
                    </Typography>
                    <FormControlLabel
                      label={t('admin.roles.dialog.allOfArea', {
                        area: t(`admin.roles.areas.${area}`),
                      })}
                      slotProps={{ typography: { variant: 'body2' } }}
                      control={
                        <Checkbox
                          size="small"
                          disabled={keepsAll}
                          // Not `indeterminate`: its aria-checked="mixed" on a native checkbox
                          // is an axe error; the ticks below show the mix.
                          checked={on === permissions.length}
                          onChange={(e) =>
                            toggle(
                              permissions.map((p) => p.name),
                              e.target.checked,
                            )
                          }
                        />
                      }
                    />
                  </Stack>
                  <Box
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                      columnGap: 2,
                    }}
                  >
                    {permissions.map((p) => (
                      <FormControlLabel
                        key={p.name}
                        sx={{ alignItems: 'flex-start', mr: 0, py: 0.5 }}
                        control={
                          <Checkbox
                            sx={{ mt: -0.75 }}
                            checked={granted.has(p.name)}
                            disabled={keepsAll}
                            onChange={(e) => toggle([p.name], e.target.checked)}
                            slotProps={{
                              input: { 'aria-describedby': `perm-${p.name.replace(':', '-')}` },
                            }}
                          />
                        }
                        label={
                          <span>
                            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                              {describe(t, p)}
                            </Typography>
                            <Typography
                              id={`perm-${p.name.replace(':', '-')}`}
                              variant="caption"
                              component="code"
                              sx={{ color: 'text.secondary' }}
                            >
                              {p.name}
                            </Typography>
                          </span>
                        }
                      />
                    ))}
                  </Box>
                </Box>
              );
            })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Typography variant="body2" sx={{ mr: 'auto', color: 'text.secondary' }}>
            {t('admin.roles.dialog.selected', { count: granted.size })}
          </Typography>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || info.isLoading}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {editing.mode === 'edit'
              ? t('admin.roles.dialog.save')
              : t('admin.roles.dialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Asks before deleting, and where the role's people go. */
function DeleteRoleDialog({
  role,
  others,
  onClose,
}: {
  role: Role;
  others: Role[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const [remove, removing] = useDeleteRoleMutation();
  const [moveTo, setMoveTo] = useState(() => others.find((r) => r.name === 'user')?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const name = roleName(t, role.name);
  const hasPeople = role.people > 0;

  const confirm = async () => {
    setError(null);
    try {
      await remove({ id: role.id, moveTo: hasPeople ? moveTo : undefined }).unwrap();
      notify(t('admin.roles.deleted', { name }));
      void refreshUser();
      onClose();
    } catch (err) {
      setError(errorText(t, err));
    }
  };

  return (
    <Dialog
      open
      onClose={removing.isLoading ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="role-delete-title"
    >
      <DialogTitle id="role-delete-title">{t('admin.roles.delete.title', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <DialogContentText>
            {hasPeople
              ? t('admin.roles.delete.people', { count: role.people })
              : t('admin.roles.delete.nobody')}
          </DialogContentText>
          {hasPeople && (
            <TextField
              select
              label={t('admin.roles.delete.moveTo')}
              value={moveTo}
              onChange={(e) => setMoveTo(e.target.value)}
              required
            >
              {others.map((r) => (
                <MenuItem key={r.id} value={r.name}>
                  {roleName(t, r.name)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={removing.isLoading}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={removing.isLoading || (hasPeople && !moveTo)}
          startIcon={
            removing.isLoading ? <CircularProgress size={16} color="inherit" /> : undefined
          }
          data-testid="confirm-delete"
        >
          {t('admin.roles.delete.action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
