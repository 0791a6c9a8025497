import type { LoginBody } from '@bo/contract/account';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { safeReturnTo } from '../../auth/return-to';
import { LightField } from '../../components/form/light-field';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { applyServerFieldErrors, translateError, zodErrorMap } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { textShade } from '../../theme/components';

/**
 * zod (with the contract's schema) is ~40 KiB gzip; loading it after first paint keeps the
 * sign-in page within its 200 KiB budget. It is prefetched on mount, so it is there by the time
 * someone has typed an address; the first validation simply awaits it otherwise.
 */
const loadValidation = () =>
  Promise.all([import('@hookform/resolvers/zod'), import('@bo/contract/account')]);

// Plain styled router links and a native checkbox: MUI's Link and Checkbox would add ~5 KiB to
// the sign-in page, which has the tightest budget.
const linkSx = {
  // The theme's readable shade (the main green reads 3.1:1 on white, under AA for text).
  color: (theme: Theme) => textShade(theme, 'primary'),
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
} as const;

/** Eye icons drawn inline: two icon modules would be two more requests on this page. */
function EyeIcon({ off }: { off: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z" />
      {off && <path d="M3 3.7 4.4 2.3l17.3 17.3-1.4 1.4z" />}
    </svg>
  );
}

/** The second step exists only for accounts with two-factor sign-in: loaded when asked for. */
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);

export function LoginView() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(true);
  const [serverError, setServerError] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  usePageTitle(t('auth.login.title'));

  useEffect(() => {
    void loadValidation();
  }, []);

  // Rebuilt per language, so validation messages come in the language on screen.
  const resolver = useMemo<Resolver<LoginBody>>(
    () => async (values, context, options) => {
      const [{ zodResolver }, { loginBodySchema }] = await loadValidation();
      return zodResolver(loginBodySchema, { error: zodErrorMap(t) })(values, context, options);
    },
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver, defaultValues: { email: '', password: '' } });

  const signedIn = () => {
    notify.success(t('auth.login.welcome'));
    navigate(safeReturnTo(params.get('returnTo')), { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const step = await login(values.email, values.password, remember);
      if (step) {
        setMfaToken(step.mfaToken);
        return;
      }
      signedIn();
    } catch (error) {
      if (!applyServerFieldErrors(t, error, setError, ['email', 'password'])) {
        setServerError(translateError(t, error));
      }
    }
  });

  const alert = serverError && (
    <Box
      role="alert"
      sx={(theme) => ({
        mb: 3,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        typography: 'body2',
        fontWeight: 500,
        color: theme.palette.mode === 'light' ? 'error.darker' : 'error.lighter',
        bgcolor: alpha(theme.palette.error.main, 0.16),
      })}
    >
      {serverError}
    </Box>
  );

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
          component={RouterLink}
          to={paths.auth.register}
          sx={linkSx}
          style={{ fontWeight: 600 }}
        >
          {t('auth.login.getStarted')}
        </Box>
      </Typography>

      {alert}

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <LightField
          registration={register('email')}
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email?.message}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box
            component={RouterLink}
            to={paths.auth.resetPassword}
            sx={[linkSx, { alignSelf: 'flex-end', color: 'text.primary', typography: 'body2' }]}
          >
            {t('auth.login.forgot')}
          </Box>
          <LightField
            registration={register('password')}
            label={t('auth.login.password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            error={errors.password?.message}
            endAdornment={
              <Box sx={{ display: 'flex', ml: 1 }}>
                <IconButton
                  onClick={() => setShowPassword((v) => !v)}
                  edge="end"
                  aria-label={
                    showPassword ? t('auth.login.hidePassword') : t('auth.login.showPassword')
                  }
                  aria-pressed={showPassword}
                >
                  <EyeIcon off={showPassword} />
                </IconButton>
              </Box>
            }
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
