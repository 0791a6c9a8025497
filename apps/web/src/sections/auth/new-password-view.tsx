import LockRounded from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { LightField } from '../../components/form/light-field';
import { useLightForm } from '../../components/form/light-form';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { AppLink, useAppNavigation } from '../../routes/app-navigation';
import { paths } from '../../routes/paths';
import { useNewPasswordMutation, useResetPasswordMutation } from './auth-api';
import { authErrorMessage, prefetchValidation, validateWith } from './auth-errors';
import { AuthFormHead, AuthServerError, AuthSubmitButton, authBackLinkSx } from './auth-form-parts';
import { CodeInput } from './code-input';
import type { CodeInputHandle } from './code-input';

import { LightPasswordField } from './light-password-field';
import { PasswordPolicyList } from './password-policy-list';
import { ResendCodeButton } from './resend-code-button';

type Values = { email: string; code: string; password: string; confirm: string };
const FIELDS = ['email', 'code', 'password', 'confirm'] as const;
type Field = (typeof FIELDS)[number];

const validate = validateWith<Values, Field>((checks) => checks.newPasswordFormSchema);

/** /auth/new-password?email=… — the mailed code and a new password; every session ends. */
export function NewPasswordView() {
  const { t } = useTranslation();
  const { navigate, search } = useAppNavigation();
  const { isAuthenticated, logout } = useAuth();
  const [newPassword] = useNewPasswordMutation();
  const [resetPassword, resend] = useResetPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [knownCommon, setKnownCommon] = useState<ReadonlySet<string>>(new Set());
  const codeRef = useRef<CodeInputHandle>(null);
  usePageTitle(t('auth.newPassword.title'));

  const focus = useMemo(() => ({ code: () => codeRef.current?.focus() }), []);
  const form = useLightForm<Values, Field, Values>({
    initial: {
      email: new URLSearchParams(search).get('email') ?? '',
      code: '',
      password: '',
      confirm: '',
    },
    fields: FIELDS,
    validate,
    prefetch: prefetchValidation,
    focus,
  });
  const { values, errors, isSubmitting, bind } = form;
  // Whether the page opened with the address (from the reset page's link): the code comes first.
  const [emailGiven] = useState(() => values.email !== '');

  const onSubmit = form.handleSubmit(
    async ({ confirm: _confirm, ...body }) => {
      setServerError(null);
      try {
        await newPassword(body);
      } catch (error) {
        if (
          isHttpError(error) &&
          error.details?.some((d) => d.field === 'password' && d.code === 'password_common')
        ) {
          setKnownCommon((prev) => new Set(prev).add(body.password.toLowerCase()));
        }
        throw error;
      }
      // The server ended every session of this person, this tab's included.
      if (isAuthenticated) await logout();
      notify.success(t('auth.newPassword.done'));
      navigate(paths.auth.login, { replace: true });
    },
    (error) => setServerError(authErrorMessage(t, error)),
  );

  const sendAgain = async () => {
    if (!(await form.check(['email']))) throw { message: t('errors.field.email') };
    await resetPassword({ email: values.email.trim() });
  };

  return (
    <Box
      component="form"
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="new-password-title"
    >
      <AuthFormHead
        id="new-password-title"
        icon={LockRounded}
        title={t('auth.newPassword.title')}
        intro={t('auth.newPassword.intro')}
      />

      <AuthServerError message={serverError} testId="new-password-error" />

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <LightField
          registration={bind('email')}
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          autoFocus={!emailGiven}
          error={errors.email}
        />
        <CodeInput
          ref={codeRef}
          value={values.code}
          onChange={(code) => form.set('code', code)}
          // A complete code moves on to the password rather than submitting half a form.
          onComplete={() =>
            form.formRef.current?.querySelector<HTMLInputElement>('[name="password"]')?.focus()
          }
          label={t('auth.code.label')}
          error={!!errors.code}
          helperText={errors.code}
          autoFocus={emailGiven}
        />
        <LightPasswordField
          registration={bind('password')}
          label={t('auth.newPassword.password')}
          autoComplete="new-password"
          error={errors.password}
          describedBy="new-password-policy"
        />
        <PasswordPolicyList
          id="new-password-policy"
          password={values.password}
          email={values.email}
          knownCommon={knownCommon}
        />
        <LightPasswordField
          registration={bind('confirm')}
          label={t('auth.newPassword.confirm')}
          autoComplete="new-password"
          error={errors.confirm}
        />
        <AuthSubmitButton busy={isSubmitting} testId="new-password-submit">
          {isSubmitting ? t('auth.newPassword.submitting') : t('auth.newPassword.submit')}
        </AuthSubmitButton>
        <ResendCodeButton send={sendAgain} loading={resend.isLoading} disabled={isSubmitting} />
        <Box component={AppLink} to={paths.auth.login} sx={authBackLinkSx}>
          {t('auth.backToLogin')}
        </Box>
      </Box>
    </Box>
  );
}
