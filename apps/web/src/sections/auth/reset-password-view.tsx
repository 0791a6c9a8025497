import LockResetRounded from '@mui/icons-material/LockResetRounded';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LightField } from '../../components/form/light-field';
import { useLightForm } from '../../components/form/light-form';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { AppLink, useAppNavigation } from '../../routes/app-navigation';
import { paths } from '../../routes/paths';
import { useResetPasswordMutation } from './auth-api';
import { authErrorMessage, prefetchValidation, validateWith } from './auth-errors';
import { AuthFormHead, AuthServerError, AuthSubmitButton, authBackLinkSx } from './auth-form-parts';

type Values = { email: string };
const FIELDS = ['email'] as const;

const validate = validateWith<Values, 'email'>((checks) => checks.resetPasswordBodySchema);

/**
 * /auth/reset-password — asks for a code. The answer is the same whether or not an account
 * exists (the server never tells), so the next screen is always the code screen.
 */
export function ResetPasswordView() {
  const { t } = useTranslation();
  const { navigate, search } = useAppNavigation();
  const [resetPassword] = useResetPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  usePageTitle(t('auth.reset.title'));

  const form = useLightForm<Values, 'email', Values>({
    initial: { email: new URLSearchParams(search).get('email') ?? '' },
    fields: FIELDS,
    validate,
    prefetch: prefetchValidation,
  });
  const { errors, isSubmitting } = form;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setServerError(null);
      await resetPassword(values);
      notify.info(t('auth.reset.sent', { email: values.email }));
      navigate(`${paths.auth.newPassword}?email=${encodeURIComponent(values.email)}`);
    },
    (error) => setServerError(authErrorMessage(t, error)),
  );

  return (
    <Box
      component="form"
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="reset-title"
    >
      <AuthFormHead
        id="reset-title"
        icon={LockResetRounded}
        title={t('auth.reset.title')}
        intro={t('auth.reset.intro')}
      />

      <AuthServerError message={serverError} testId="reset-error" />

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <LightField
          registration={form.bind('email')}
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email}
        />
        <AuthSubmitButton busy={isSubmitting} testId="reset-submit">
          {isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </AuthSubmitButton>
        <Box component={AppLink} to={paths.auth.login} sx={authBackLinkSx}>
          {t('auth.backToLogin')}
        </Box>
      </Box>
    </Box>
  );
}
