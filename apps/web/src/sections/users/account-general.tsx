import { userFormSchema } from '@bo/contract/users';
import type { MyProfile, UpdateMyAccountBody } from '@bo/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { notify } from '../../components/snackbar/notify';
import { applyServerFieldErrors, translateError, zodErrorMap } from '../../locales/form-errors';
import { useAuth } from '../../auth/auth-context';
import { AvatarUpload } from './avatar-upload';
import {
  useCancelEmailMutation,
  useConfirmEmailMutation,
  useUpdateMyAccountMutation,
} from './users-api';

const generalSchema = userFormSchema
  .pick({
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
    jobTitle: true,
    avatarUrl: true,
    isPublic: true,
  })
  .extend({ about: z.string().trim().max(2000) });
type GeneralValues = z.infer<typeof generalSchema>;

const TEXT = [
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

function toValues(me: MyProfile): GeneralValues {
  return {
    firstName: me.firstName,
    lastName: me.lastName,
    email: me.pendingEmail ?? me.email,
    phone: me.phone ?? '',
    country: me.country ?? '',
    state: me.state ?? '',
    city: me.city ?? '',
    address: me.address ?? '',
    zipCode: me.zipCode ?? '',
    company: me.company ?? '',
    jobTitle: me.jobTitle ?? '',
    avatarUrl: me.avatarUrl,
    isPublic: me.isPublic,
    about: me.about ?? '',
  };
}

function PendingEmail({ me }: { me: MyProfile }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { refreshUser } = useAuth();
  const [confirm, confirming] = useConfirmEmailMutation();
  const [cancel, cancelling] = useCancelEmailMutation();
  const [error, setError] = useState<string | null>(null);
  return (
    <Alert severity="info" sx={{ mb: 3 }} data-testid="pending-email">
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('users.account.pendingEmail', { email: me.pendingEmail })}
      </Typography>
      <Box
        component="form"
        noValidate
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            await confirm(code).unwrap();
            // The header shows the address too: follow the change without a reload.
            void refreshUser().catch(() => {});
            setCode('');
            notify.success(t('users.account.emailChanged'));
          } catch (err) {
            setError(translateError(t, err));
          }
        }}
      >
        <TextField
          size="small"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          label={t('users.account.code')}
          error={!!error}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
          sx={{ width: 160 }}
        />
        <Button
          type="submit"
          variant="contained"
          size="medium"
          disabled={code.length !== 6 || confirming.isLoading}
        >
          {t('users.account.confirm')}
        </Button>
        <Button
          color="inherit"
          onClick={() =>
            void cancel()
              .unwrap()
              .catch((err: unknown) => notify.error(translateError(t, err)))
          }
          disabled={cancelling.isLoading}
        >
          {t('users.account.cancelChange')}
        </Button>
      </Box>
    </Alert>
  );
}

export function AccountGeneral({ me }: { me: MyProfile }) {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const [update] = useUpdateMyAccountMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(generalSchema, { error: zodErrorMap(t) }), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, dirtyFields, isDirty },
  } = useForm<GeneralValues>({ resolver, defaultValues: toValues(me) });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const body = Object.fromEntries(
      (Object.keys(dirtyFields) as (keyof GeneralValues)[]).map((k) => [k, values[k]]),
    ) as UpdateMyAccountBody;
    try {
      const saved = await update(body).unwrap();
      reset(toValues(saved));
      // The header's name and avatar come from the session: refresh it after an edit.
      void refreshUser().catch(() => {});
      notify.success(
        saved.pendingEmail && body.email
          ? t('users.account.codeSent', { email: saved.pendingEmail })
          : t('users.account.saved'),
      );
    } catch (error) {
      const fields = Object.keys(toValues(me)) as Path<GeneralValues>[];
      if (!applyServerFieldErrors(t, error, setError, fields))
        setServerError(translateError(t, error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="account-general">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card sx={{ pt: 6, pb: 4, px: 3, textAlign: 'center' }}>
            <Controller
              control={control}
              name="avatarUrl"
              render={({ field, fieldState }) => (
                <AvatarUpload
                  value={field.value}
                  name={`${watch('firstName')} ${watch('lastName')}`}
                  onChange={(url) => field.onChange(url)}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="isPublic"
              render={({ field }) => (
                <FormControlLabel
                  sx={{ mt: 4 }}
                  label={t('users.fields.isPublic')}
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                />
              )}
            />
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {t('users.account.isPublicHint')}
            </Typography>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ p: 3 }}>
            {me.pendingEmail && <PendingEmail me={me} />}
            {serverError && (
              <Alert severity="error" sx={{ mb: 3 }} role="alert">
                {serverError}
              </Alert>
            )}
            <Box
              sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
            >
              {TEXT.map(([field, autoComplete]) => (
                <TextField
                  key={field}
                  {...register(field)}
                  label={t(`users.fields.${field}`)}
                  autoComplete={autoComplete}
                  type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                  error={!!errors[field]}
                  helperText={
                    errors[field]?.message ??
                    (field === 'email' ? t('users.account.emailHint') : undefined)
                  }
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              ))}
            </Box>
            <TextField
              {...register('about')}
              label={t('users.fields.about')}
              multiline
              minRows={4}
              fullWidth
              sx={{ mt: 3 }}
              error={!!errors.about}
              helperText={errors.about?.message}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                disabled={isSubmitting || !isDirty}
                startIcon={
                  isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined
                }
                data-testid="account-save"
              >
                {t('users.form.save')}
              </Button>
            </Box>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
