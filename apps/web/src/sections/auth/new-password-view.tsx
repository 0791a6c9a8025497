import { newPasswordBodySchema } from '@bo/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import PasswordRounded from '@mui/icons-material/PasswordRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';

import { useAuth } from '../../auth/auth-context';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { paths } from '../../routes/paths';
import { useNewPasswordMutation, useResetPasswordMutation } from './auth-api';
import { applyAuthFieldErrors, authErrorMap, authErrorMessage } from './auth-errors';
import { AuthFormHead, AuthServerError, AuthSubmitButton } from './auth-form-parts';
import { CodeInput } from './code-input';
import { PasswordField } from './password-field';
import { passwordIsEmail } from './password-policy';
import { PasswordPolicyList } from './password-policy-list';
import { ResendCodeButton } from './resend-code-button';

const newPasswordFormSchema = newPasswordBodySchema
  .extend({ confirm: z.string() })
  .superRefine((values, ctx) => {
    if (passwordIsEmail(values.password, values.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], params: { code: 'password_is_email' } });
    }
    if (values.password !== values.confirm) {
      ctx.addIssue({ code: 'custom', path: ['confirm'], params: { code: 'password_mismatch' } });
    }
  });

type FormInput = z.input<typeof newPasswordFormSchema>;
type FormOutput = z.output<typeof newPasswordFormSchema>;

const FIELDS = ['email', 'code', 'password'] as const;

/** /auth/new-password?email=… — the mailed code and a new password; every session ends. */
export function NewPasswordView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isAuthenticated, logout } = useAuth();
  const [newPassword] = useNewPasswordMutation();
  const [resetPassword, resend] = useResetPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [knownCommon, setKnownCommon] = useState<ReadonlySet<string>>(new Set());
  const passwordRef = useRef<HTMLInputElement | null>(null);
  usePageTitle(t('auth.newPassword.title'));

  const resolver = useMemo(
    () => zodResolver(newPasswordFormSchema, { error: authErrorMap(t) }),
    [t],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    trigger,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    // Focus follows the screen's order; by default RHF would pick the code boxes last, as their
    // Controller registers after the plain fields.
    shouldFocusError: false,
    defaultValues: { email: params.get('email') ?? '', code: '', password: '', confirm: '' },
  });
  const email = watch('email');
  const password = watch('password');

  const field = (name: 'email' | 'password' | 'confirm') => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      inputRef: (el: HTMLInputElement | null) => {
        ref(el);
        if (name === 'password') passwordRef.current = el;
      },
      error: !!errors[name],
      helperText: errors[name]?.message,
    };
  };

  const focusFirstError = (invalid: Partial<Record<keyof FormInput, unknown>>) => {
    const first = (['email', 'code', 'password', 'confirm'] as const).find((name) => invalid[name]);
    if (first) setFocus(first);
  };

  const onSubmit = handleSubmit(async ({ confirm: _confirm, ...body }) => {
    setServerError(null);
    try {
      await newPassword(body);
      // The server ended every session of this person, this tab's included.
      if (isAuthenticated) await logout();
      notify.success(t('auth.newPassword.done'));
      navigate(paths.auth.login, { replace: true });
    } catch (error) {
      if (
        isHttpError(error) &&
        error.details?.some((d) => d.field === 'password' && d.code === 'password_common')
      ) {
        setKnownCommon((prev) => new Set(prev).add(body.password.toLowerCase()));
      }
      if (!applyAuthFieldErrors(t, error, setError, FIELDS)) {
        setServerError(authErrorMessage(t, error));
      }
    }
  }, focusFirstError);

  const sendAgain = async () => {
    if (!(await trigger('email'))) throw { message: t('errors.field.email') };
    await resetPassword({ email: getValues('email') });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="new-password-title">
      <AuthFormHead
        id="new-password-title"
        icon={PasswordRounded}
        title={t('auth.newPassword.title')}
        intro={t('auth.newPassword.intro')}
      />

      <AuthServerError message={serverError} testId="new-password-error" />

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <TextField
          {...field('email')}
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          autoFocus={!email}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Controller
          name="code"
          control={control}
          render={({ field: code, fieldState }) => (
            <CodeInput
              ref={code.ref}
              value={code.value}
              onChange={code.onChange}
              onBlur={code.onBlur}
              // A complete code moves on to the password rather than submitting half a form.
              onComplete={() => passwordRef.current?.focus()}
              label={t('auth.code.label')}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              autoFocus={!!email}
            />
          )}
        />
        <PasswordField
          {...field('password')}
          label={t('auth.newPassword.password')}
          autoComplete="new-password"
          describedBy="new-password-policy"
        />
        <PasswordPolicyList
          id="new-password-policy"
          password={password}
          email={email}
          knownCommon={knownCommon}
        />
        <PasswordField
          {...field('confirm')}
          label={t('auth.newPassword.confirm')}
          autoComplete="new-password"
        />
        <AuthSubmitButton busy={isSubmitting} testId="new-password-submit">
          {isSubmitting ? t('auth.newPassword.submitting') : t('auth.newPassword.submit')}
        </AuthSubmitButton>
        <ResendCodeButton send={sendAgain} loading={resend.isLoading} disabled={isSubmitting} />
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
