import { verifyBodySchema } from '@bo/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';

import { useAuth } from '../../auth/auth-context';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { LANDING_PATH, paths } from '../../routes/paths';
import { useResendCodeMutation, useVerifyEmailMutation } from './auth-api';
import { applyAuthFieldErrors, authErrorMap, authErrorMessage } from './auth-errors';
import { AuthFormHead, AuthServerError, AuthSubmitButton } from './auth-form-parts';
import { CodeInput } from './code-input';
import { ResendCodeButton } from './resend-code-button';
import { markEmailVerified } from './verified-emails';

type FormInput = z.input<typeof verifyBodySchema>;
type FormOutput = z.output<typeof verifyBodySchema>;

/** /auth/verify?email=… — the 6-digit code mailed at sign-up; submits by itself when complete. */
export function VerifyView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isAuthenticated, user } = useAuth();
  const [verifyEmail] = useVerifyEmailMutation();
  const [resendCode, resend] = useResendCodeMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const submitting = useRef(false);
  usePageTitle(t('auth.verify.title'));

  const knownEmail = params.get('email') ?? user?.email ?? '';
  const resolver = useMemo(() => zodResolver(verifyBodySchema, { error: authErrorMap(t) }), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    // Focus follows the screen's order; by default RHF would pick the code boxes last, as their
    // Controller registers after the plain fields.
    shouldFocusError: false,
    defaultValues: { email: knownEmail, code: '' },
  });
  const { ref: emailRef, ...emailField } = register('email');

  const focusFirstError = (invalid: Partial<Record<keyof FormInput, unknown>>) => {
    const first = (['email', 'code'] as const).find((name) => invalid[name]);
    if (first) setFocus(first);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (submitting.current) return;
    submitting.current = true;
    setServerError(null);
    try {
      await verifyEmail(values);
      markEmailVerified(values.email);
      notify.success(t('auth.verify.done'));
      navigate(isAuthenticated ? LANDING_PATH : paths.auth.login, { replace: true });
    } catch (error) {
      // A wrong code empties the boxes so the next one can be typed straight away.
      setValue('code', '');
      if (!applyAuthFieldErrors(t, error, setError, ['email', 'code'] as const)) {
        setServerError(authErrorMessage(t, error));
      }
    } finally {
      submitting.current = false;
    }
  }, focusFirstError);

  const sendAgain = async () => {
    if (!(await trigger('email'))) throw { message: t('errors.field.email') };
    await resendCode({ email: getValues('email') });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="verify-title">
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
          <TextField
            {...emailField}
            inputRef={emailRef}
            label={t('auth.register.email')}
            type="email"
            autoComplete="email"
            autoFocus
            error={!!errors.email}
            helperText={errors.email?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        {knownEmail && errors.email && (
          <Alert severity="error" role="alert">
            {errors.email.message}
          </Alert>
        )}
        <Controller
          name="code"
          control={control}
          render={({ field, fieldState }) => (
            <CodeInput
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onComplete={() => void onSubmit()}
              label={t('auth.code.label')}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              autoFocus={!!knownEmail}
            />
          )}
        />
        <AuthSubmitButton busy={isSubmitting} testId="verify-submit">
          {isSubmitting ? t('auth.verify.submitting') : t('auth.verify.submit')}
        </AuthSubmitButton>
        <ResendCodeButton send={sendAgain} loading={resend.isLoading} disabled={isSubmitting} />
        <Link
          component={RouterLink}
          to={isAuthenticated ? LANDING_PATH : paths.auth.login}
          variant="subtitle2"
          color="inherit"
          sx={{ alignSelf: 'center' }}
        >
          {isAuthenticated ? t('auth.verify.later') : t('auth.backToLogin')}
        </Link>
      </Box>
    </Box>
  );
}
