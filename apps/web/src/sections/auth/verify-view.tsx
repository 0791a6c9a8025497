import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import Box from '@mui/material/Box';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { LightField } from '../../components/form/light-field';
import { useLightForm } from '../../components/form/light-form';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { AppLink, useAppNavigation } from '../../routes/app-navigation';
import { LANDING_PATH, paths } from '../../routes/paths';
import { useResendCodeMutation, useVerifyEmailMutation } from './auth-api';
import { authErrorMessage, prefetchValidation, validateWith } from './auth-errors';
import { AuthFormHead, AuthServerError, AuthSubmitButton, authBackLinkSx } from './auth-form-parts';
import { CodeInput } from './code-input';
import type { CodeInputHandle } from './code-input';

import { ResendCodeButton } from './resend-code-button';
import { markEmailVerified } from './verified-emails';

type Values = { email: string; code: string };
const FIELDS = ['email', 'code'] as const;
type Field = (typeof FIELDS)[number];

const validate = validateWith<Values, Field>((checks) => checks.verifyBodySchema);

/** /auth/verify?email=… — the 6-digit code mailed at sign-up; submits by itself when complete. */
export function VerifyView() {
  const { t } = useTranslation();
  const { navigate, search } = useAppNavigation();
  const { isAuthenticated, user } = useAuth();
  const [verifyEmail] = useVerifyEmailMutation();
  const [resendCode, resend] = useResendCodeMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const codeRef = useRef<CodeInputHandle>(null);
  usePageTitle(t('auth.verify.title'));

  const knownEmail = new URLSearchParams(search).get('email') ?? user?.email ?? '';
  const focus = useMemo(() => ({ code: () => codeRef.current?.focus() }), []);
  const form = useLightForm<Values, Field, Values>({
    initial: { email: knownEmail, code: '' },
    fields: FIELDS,
    validate,
    prefetch: prefetchValidation,
    focus,
  });
  const { values, errors, isSubmitting } = form;

  const onSubmit = form.handleSubmit(
    async (body) => {
      setServerError(null);
      try {
        await verifyEmail(body);
      } catch (error) {
        // A wrong code empties the boxes so the next one can be typed straight away.
        form.reset('code', '');
        throw error;
      }
      markEmailVerified(body.email);
      notify.success(t('auth.verify.done'));
      navigate(isAuthenticated ? LANDING_PATH : paths.auth.login, { replace: true });
    },
    (error) => setServerError(authErrorMessage(t, error)),
  );

  const sendAgain = async () => {
    if (!(await form.check(['email']))) throw { message: t('errors.field.email') };
    await resendCode({ email: values.email.trim() });
  };

  return (
    <Box
      component="form"
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="verify-title"
    >
      <AuthFormHead
        id="verify-title"
        icon={MarkEmailReadRounded}
        title={t('auth.verify.title')}
        intro={
          knownEmail ? t('auth.verify.sentTo', { email: knownEmail }) : t('auth.verify.enterEmail')
        }
      />

      <AuthServerError message={serverError} testId="verify-error" />

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {!knownEmail && (
          <LightField
            registration={form.bind('email')}
            label={t('auth.register.email')}
            type="email"
            autoComplete="email"
            autoFocus
            error={errors.email}
          />
        )}
        {knownEmail && <AuthServerError message={errors.email ?? null} />}
        <CodeInput
          ref={codeRef}
          value={values.code}
          onChange={(code) => form.set('code', code)}
          onComplete={() => void onSubmit()}
          label={t('auth.code.label')}
          error={!!errors.code}
          helperText={errors.code}
          autoFocus={!!knownEmail}
        />
        <AuthSubmitButton busy={isSubmitting} testId="verify-submit">
          {isSubmitting ? t('auth.verify.submitting') : t('auth.verify.submit')}
        </AuthSubmitButton>
        <ResendCodeButton send={sendAgain} loading={resend.isLoading} disabled={isSubmitting} />
        <Box
          component={AppLink}
          to={isAuthenticated ? LANDING_PATH : paths.auth.login}
          sx={authBackLinkSx}
        >
          {isAuthenticated ? t('auth.verify.later') : t('auth.backToLogin')}
        </Box>
      </Box>
    </Box>
  );
}
