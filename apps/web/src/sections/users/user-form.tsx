import { USER_STATUSES } from '@bo/contract/account';
import { userFormSchema } from '@bo/contract/users';
import type { UpdateUserBody, User, UserFormValues } from '@bo/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { focusFirstError } from '../../components/form/focus-first-error';
import { Label } from '../../components/label/label';
import { notify } from '../../components/snackbar/notify';
import { applyServerFieldErrors, translateError, zodErrorMap } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { AvatarUpload } from './avatar-upload';
import { STATUS_COLOR } from './user-status';
import { useCreateUserMutation, useRolesQuery, useUpdateUserMutation } from './users-api';

const TEXT_FIELDS = [
  ['firstName', 'given-name'],
  ['lastName', 'family-name'],
  ['email', 'email'],
  ['phone', 'tel'],
  ['country', 'country-name'],
  ['state', 'address-level1'],
  ['city', 'address-level2'],
  ['address', 'street-address'],
  ['zipCode', 'postal-code'],
  ['company', 'organization'],
  ['jobTitle', 'organization-title'],
] as const;

const FORM_FIELDS: readonly Path<UserFormValues>[] = [
  ...TEXT_FIELDS.map(([name]) => name),
  'role',
  'status',
  'emailVerified',
  'isPublic',
  'avatarUrl',
  'password',
];

function toValues(user?: User): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    country: user?.country ?? '',
    state: user?.state ?? '',
    city: user?.city ?? '',
    address: user?.address ?? '',
    zipCode: user?.zipCode ?? '',
    company: user?.company ?? '',
    jobTitle: user?.jobTitle ?? '',
    about: user?.about ?? '',
    avatarUrl: user?.avatarUrl ?? null,
    coverUrl: user?.coverUrl ?? null,
    role: user?.role ?? 'user',
    status: user?.status ?? 'active',
    emailVerified: user?.emailVerified ?? false,
    isPublic: user?.isPublic ?? true,
    password: '',
  };
}

/** Only what changed is sent, so an edit never overwrites a field someone else just changed. */
function changes(values: UserFormValues, user: User): UpdateUserBody {
  const before = toValues(user);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof UserFormValues)[]) {
    if (key === 'password') continue;
    if (values[key] !== before[key]) out[key] = values[key];
  }
  return out as UpdateUserBody;
}

type Props = { user?: User };

/** One form for both screens: /dashboard/user/new and /dashboard/user/{name}/edit. */
export function UserForm({ user }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roles = useRolesQuery();
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(userFormSchema, { error: zodErrorMap(t) }), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UserFormValues>({ resolver, defaultValues: toValues(user) });

  const onSubmit = handleSubmit(
    async (values) => {
      setServerError(null);
      try {
        if (user) {
          const body = changes(values, user);
          if (Object.keys(body).length === 0) {
            navigate(paths.dashboard.user.list);
            return;
          }
          await updateUser({ id: user.id, body }).unwrap();
          notify.success(t('users.form.updated'));
        } else {
          const { password, ...rest } = values;
          await createUser({ ...rest, ...(password ? { password } : {}) }).unwrap();
          notify.success(password ? t('users.form.created') : t('users.form.createdInvited'));
        }
        navigate(paths.dashboard.user.list);
      } catch (error) {
        if (applyServerFieldErrors(t, error, setError, FORM_FIELDS)) focusFirstError();
        else setServerError(translateError(t, error));
      }
    },
    () => focusFirstError(),
  );

  const name = `${watch('firstName')} ${watch('lastName')}`.trim() || '?';
  const status = watch('status');

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="user-form">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card sx={{ pt: 8, pb: 5, px: 3, position: 'relative' }}>
            {user && (
              <Label
                color={STATUS_COLOR[status]}
                sx={{ position: 'absolute', top: 24, insetInlineEnd: 24 }}
              >
                {t(`users.status.${status}`)}
              </Label>
            )}
            <Controller
              control={control}
              name="avatarUrl"
              render={({ field, fieldState }) => (
                <AvatarUpload
                  value={field.value}
                  name={name}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <FormControlLabel
                  sx={{ mt: 4, mx: 0, width: 1, justifyContent: 'space-between' }}
                  labelPlacement="start"
                  label={
                    <Box>
                      <Typography variant="subtitle2">{t('users.form.suspended')}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t('users.form.suspendedHint')}
                      </Typography>
                    </Box>
                  }
                  control={
                    <Switch
                      checked={field.value === 'banned'}
                      onChange={(e) => field.onChange(e.target.checked ? 'banned' : 'active')}
                      inputProps={{ 'aria-label': t('users.form.suspended') }}
                    />
                  }
                />
              )}
            />
            <Controller
              control={control}
              name="emailVerified"
              render={({ field }) => (
                <FormControlLabel
                  sx={{ mt: 2, mx: 0, width: 1, justifyContent: 'space-between' }}
                  labelPlacement="start"
                  label={
                    <Box>
                      <Typography variant="subtitle2">{t('users.form.emailVerified')}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t('users.form.emailVerifiedHint')}
                      </Typography>
                    </Box>
                  }
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      inputProps={{ 'aria-label': t('users.form.emailVerified') }}
                    />
                  }
                />
              )}
            />
            <Controller
              control={control}
              name="isPublic"
              render={({ field }) => (
                <FormControlLabel
                  sx={{ mt: 2, mx: 0, width: 1, justifyContent: 'space-between' }}
                  labelPlacement="start"
                  label={<Typography variant="subtitle2">{t('users.fields.isPublic')}</Typography>}
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                />
              )}
            />
          </Card>
        </Grid>

        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ p: 3 }}>
            {serverError && (
              <Alert severity="error" sx={{ mb: 3 }} role="alert">
                {serverError}
              </Alert>
            )}
            <Box
              sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
            >
              {TEXT_FIELDS.map(([field, autoComplete]) => (
                <TextField
                  key={field}
                  {...register(field)}
                  label={t(`users.fields.${field}`)}
                  autoComplete={autoComplete}
                  type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                  required={field === 'firstName' || field === 'lastName' || field === 'email'}
                  error={!!errors[field]}
                  helperText={errors[field]?.message}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              ))}
              <Controller
                control={control}
                name="role"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('users.fields.role')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
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
              {user ? (
                <Controller
                  control={control}
                  name="status"
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('users.fields.status')}
                      value={field.value}
                      onChange={field.onChange}
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
              ) : (
                <TextField
                  {...register('password')}
                  type="password"
                  autoComplete="new-password"
                  label={t('users.fields.password')}
                  error={!!errors.password}
                  helperText={errors.password?.message ?? t('users.form.passwordHint')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
            </Box>
            <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end', gap: 1.5 }}>
              <Button
                variant="outlined"
                color="inherit"
                onClick={() => navigate(paths.dashboard.user.list)}
              >
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={isSubmitting || (!!user && !isDirty)}
                startIcon={
                  isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined
                }
                data-testid="user-form-submit"
              >
                {user ? t('users.form.save') : t('users.form.create')}
              </Button>
            </Box>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
