import type { LoginBody } from '@bo/contract/account';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { safeReturnTo } from '../../auth/return-to';
import { LightField } from '../../components/form/light-field';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { AppLink, useAppNavigation } from '../../routes/app-navigation';
import { paths } from '../../routes/paths';
import { AuthServerError, authLinkSx } from './auth-form-parts';
import { LightPasswordField } from './light-password-field';
import { SsoButtons } from './sso-buttons';

/**
 * zod (with the contract's schema) is ~40 KiB gzip, and the error messages are needed only once
 * something is wrong: both load after first paint, prefetched on mount, so they are there by the
 * time someone has typed an address; the first validation simply awaits them otherwise.
 */
const loadValidation = () =>
  Promise.all([import('@bo/contract/account'), import('../../locales/form-errors')]);

type Field = keyof LoginBody;
type FieldErrors = Partial<Record<Field, string>>;

/**
 * Two fields do not need a form library (react-hook-form is ~14 KiB gzip of the first load):
 * the contract's schema checks them on submit and, once submitted, again as the person types,
 * with the messages in the language on screen.
 */
async function validate(values: LoginBody, t: TFunction): Promise<FieldErrors> {
  const [{ loginBodySchema }, { zodErrorMap }] = await loadValidation();
  const result = loginBodySchema.safeParse(values, { error: zodErrorMap(t) });
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The second step exists only for accounts with two-factor sign-in: loaded when asked for. */
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);

export function LoginView() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const { navigate, search } = useAppNavigation();
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [remember, setRemember] = useState(true);
  const [serverError, setServerError] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  usePageTitle(t('auth.login.title'));

  useEffect(() => {
    void loadValidation();
  }, []);

  // After a first submit, the messages follow the typing (and the language on screen).
  useEffect(() => {
    if (!submitted) return;
    let current = true;
    void validate(values, t).then((found) => current && setErrors(found));
    return () => {
      current = false;
    };
  }, [submitted, values, t]);

  const bind = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const signedIn = () => {
    notify.success(t('auth.login.welcome'));
    navigate(safeReturnTo(new URLSearchParams(search).get('returnTo')), { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (isSubmitting) return;
    setSubmitted(true);
    setServerError(null);
    setSubmitting(true);
    try {
      const found = await validate(values, t);
      setErrors(found);
      const first = (['email', 'password'] as const).find((f) => found[f]);
      if (first) {
        form.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
        return;
      }
      const step = await login(values.email, values.password, remember);
      if (step) {
        setMfaToken(step.mfaToken);
        return;
      }
      signedIn();
    } catch (error) {
      const [, { applyServerFieldErrors, translateError }] = await loadValidation();
      const onField = (field: Field, { message }: { message?: string }) =>
        setErrors((e) => ({ ...e, [field]: message }));
      if (!applyServerFieldErrors(t, error, onField, ['email', 'password'])) {
        setServerError(translateError(t, error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const alert = <AuthServerError message={serverError} />;

  if (mfaToken) {
    return (
      <Suspense fallback={null}>
        {alert}
        <TwoFactorStep
          mfaToken={mfaToken}
          remember={remember}
          onDone={signedIn}
          onError={setServerError}
          onCancel={() => {
            setServerError(null);
            setMfaToken(null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="login-title">
      <Typography id="login-title" variant="h5" component="h1">
        {t('auth.login.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 4 }}>
        {t('auth.login.noAccount')}{' '}
        <Box
          component={AppLink}
          to={paths.auth.register}
          sx={authLinkSx}
          style={{ fontWeight: 600 }}
        >
          {t('auth.login.getStarted')}
        </Box>
      </Typography>

      <SsoButtons returnTo={new URLSearchParams(search).get('returnTo')} />

      {alert}

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <LightField
          registration={bind('email')}
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box
            component={AppLink}
            to={paths.auth.resetPassword}
            sx={[authLinkSx, { alignSelf: 'flex-end', color: 'text.primary', typography: 'body2' }]}
          >
            {t('auth.login.forgot')}
          </Box>
          <LightPasswordField
            registration={bind('password')}
            label={t('auth.login.password')}
            autoComplete="current-password"
            error={errors.password}
          />
        </Box>
        <Box
          component="label"
          sx={{
            mt: -1.5,
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            cursor: 'pointer',
            typography: 'body2',
            alignSelf: 'flex-start',
          }}
        >
          <Box
            component="input"
            type="checkbox"
            checked={remember}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setRemember(e.target.checked)}
            sx={{ width: 18, height: 18, m: 0, accentColor: (theme) => theme.palette.primary.main }}
          />
          {t('auth.login.remember')}
        </Box>
        <Button
          type="submit"
          size="large"
          variant="contained"
          color="inherit"
          fullWidth
          disabled={isSubmitting}
          aria-busy={isSubmitting}
          data-testid="login-submit"
        >
          {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </Box>
    </Box>
  );
}
