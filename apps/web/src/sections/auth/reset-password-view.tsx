import { resetPasswordBodySchema } from '@bo/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
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
import { AuthFormHead, AuthServerError, AuthSubmitButton } from './auth-form-parts';

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
      await resetPassword(values);
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
      <AuthFormHead
        id="reset-title"
        icon={LockResetRounded}
        title={t('auth.reset.title')}
        intro={t('auth.reset.intro')}
      />

      <AuthServerError message={serverError} testId="reset-error" />

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
        <AuthSubmitButton busy={isSubmitting} testId="reset-submit">
          {isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </AuthSubmitButton>
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
