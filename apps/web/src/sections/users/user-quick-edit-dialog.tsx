import { USER_STATUSES } from '@bo/contract/account';
import { userFormSchema } from '@bo/contract/users';
import type { UpdateUserBody, User } from '@bo/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { notify } from '../../components/snackbar/notify';
import { applyServerFieldErrors, translateError, zodErrorMap } from '../../locales/form-errors';
import { useRolesQuery, useUpdateUserMutation } from './users-api';

const quickSchema = userFormSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  country: true,
  state: true,
  city: true,
  address: true,
  zipCode: true,
  company: true,
  role: true,
  status: true,
});
type QuickValues = z.infer<typeof quickSchema>;
const TEXT = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'country',
  'state',
  'city',
  'address',
  'zipCode',
  'company',
] as const;

type Props = { user: User; onClose: () => void };

/** Edit the usual fields without leaving the list. */
export function UserQuickEditDialog({ user, onClose }: Props) {
  const { t } = useTranslation();
  const roles = useRolesQuery();
  const [updateUser] = useUpdateUserMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(quickSchema, { error: zodErrorMap(t) }), [t]);
  const defaults: QuickValues = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    country: user.country ?? '',
    state: user.state ?? '',
    city: user.city ?? '',
    address: user.address ?? '',
    zipCode: user.zipCode ?? '',
    company: user.company ?? '',
    role: user.role,
    status: user.status,
  };
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<QuickValues>({ resolver, defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const body = Object.fromEntries(
      (Object.keys(dirtyFields) as (keyof QuickValues)[]).map((k) => [k, values[k]]),
    ) as UpdateUserBody;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      await updateUser({ id: user.id, body }).unwrap();
      notify.success(t('users.form.updated'));
      onClose();
    } catch (error) {
      const fields = Object.keys(defaults) as Path<QuickValues>[];
      if (!applyServerFieldErrors(t, error, setError, fields))
        setServerError(translateError(t, error));
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="quick-edit-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="quick-edit-title">{t('users.list.quickEdit')}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('users.list.quickEditHint')}
          </Alert>
          {serverError && (
            <Alert severity="error" sx={{ mb: 3 }} role="alert">
              {serverError}
            </Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              pt: 1,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            }}
          >
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <TextField
                  select
                  label={t('users.fields.status')}
                  {...field}
                  slotProps={{ inputLabel: { shrink: true } }}
                >
                  {USER_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {t(`users.status.${s}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <TextField
                  select
                  label={t('users.fields.role')}
                  {...field}
                  error={!!errors.role}
                  helperText={errors.role?.message}
                  slotProps={{ inputLabel: { shrink: true } }}
                >
                  {(roles.data ?? [{ name: field.value, permissions: [] }]).map((r) => (
                    <MenuItem key={r.name} value={r.name}>
                      {t(`users.roles.${r.name}`, { defaultValue: r.name })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {TEXT.map((field) => (
              <TextField
                key={field}
                {...register(field)}
                label={t(`users.fields.${field}`)}
                error={!!errors[field]}
                helperText={errors[field]?.message}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('users.form.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
