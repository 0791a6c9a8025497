import { resetPasswordBodySchema } from '@bo/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';

import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { paths } from '../../routes/paths';
import { useResetPasswordMutation } from './auth-api';
import { applyAuthFieldErrors, authErrorMap, authErrorMessage } from './auth-errors';

type FormInput = z.input<typeof resetPasswordBodySchema>;
type FormOutput = z.output<typeof resetPasswordBodySchema>;

/**
 * /auth/reset-password — asks for a code. The answer is the same whether or not an account
 * exists (the server never tells), so the next screen is always the code screen.
 */
export function ResetPasswordView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [resetPassword] = useResetPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  usePageTitle(t('auth.reset.title'));

  const resolver = useMemo(
    () => zodResolver(resetPasswordBodySchema, { error: authErrorMap(t) }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { email: params.get('email') ?? '' },
  });
  const { ref, ...emailField } = register('email');

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await resetPassword(values).unwrap();
      notify.info(t('auth.reset.sent', { email: values.email }));
      navigate(`${paths.auth.newPassword}?email=${encodeURIComponent(values.email)}`);
    } catch (error) {
      if (!applyAuthFieldErrors(t, error, setError, ['email'] as const)) {
        setServerError(authErrorMessage(t, error));
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="reset-title">
      <Box sx={{ textAlign: 'center', mb: 4 }}>
        <LockResetRounded sx={{ fontSize: 72, color: 'primary.main', mb: 2 }} aria-hidden />
        <Typography id="reset-title" variant="h5" component="h1">
          {t('auth.reset.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('auth.reset.intro')}
        </Typography>
      </Box>

      {serverError && (
        <Alert severity="error" sx={{ mb: 3 }} role="alert" data-testid="reset-error">
          {serverError}
        </Alert>
      )}

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <TextField
          {...emailField}
          inputRef={ref}
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={!!errors.email}
          helperText={errors.email?.message}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          type="submit"
          size="large"
          variant="contained"
          color="inherit"
          fullWidth
          disabled={isSubmitting}
          aria-busy={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          data-testid="reset-submit"
        >
          {isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
        <Link
          component={RouterLink}
          to={paths.auth.login}
          variant="subtitle2"
          color="inherit"
          sx={{ alignSelf: 'center' }}
        >
          {t('auth.backToLogin')}
        </Link>
      </Box>
    </Box>
  );
}
