import type { RegisterBody } from '@bo/contract/account';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { LightField } from '../../components/form/light-field';
import { useLightForm } from '../../components/form/light-form';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { AppLink, useAppNavigation } from '../../routes/app-navigation';
import { paths } from '../../routes/paths';
import { authErrorMessage, prefetchValidation, validateWith } from './auth-errors';
import { AuthServerError, AuthSubmitButton, authLinkSx } from './auth-form-parts';

import { LightPasswordField } from './light-password-field';
import { PasswordPolicyList } from './password-policy-list';

type Values = RegisterBody & { terms: boolean };
const FIELDS = ['firstName', 'lastName', 'email', 'password', 'terms'] as const;
type Field = (typeof FIELDS)[number];

const validate = validateWith<Values, Field>((checks) => checks.registerFormSchema);

type Props = {
  /**
   * Told when a submit starts and whether it failed: signing up signs the person in, and the
   * page's guest guard must not send them to the dashboard before they reach /auth/verify.
   */
  onSubmitting?: (submitting: boolean) => void;
};

export function RegisterView({ onSubmitting }: Props) {
  const { t } = useTranslation();
  const { register: signUp } = useAuth();
  const { navigate } = useAppNavigation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [knownCommon, setKnownCommon] = useState<ReadonlySet<string>>(new Set());
  usePageTitle(t('auth.register.title'));

  const form = useLightForm<Values, Field, Values>({
    initial: { firstName: '', lastName: '', email: '', password: '', terms: false },
    fields: FIELDS,
    validate,
    prefetch: prefetchValidation,
  });
  const { values, errors, isSubmitting, bind } = form;

  const onSubmit = form.handleSubmit(
    async ({ terms: _terms, ...body }) => {
      setServerError(null);
      onSubmitting?.(true);
      try {
        await signUp(body);
      } catch (error) {
        onSubmitting?.(false);
        if (
          isHttpError(error) &&
          error.details?.some((d) => d.field === 'password' && d.code === 'password_common')
        ) {
          setKnownCommon((prev) => new Set(prev).add(body.password.toLowerCase()));
        }
        throw error;
      }
      notify.success(t('auth.register.created'));
      navigate(`${paths.auth.verify}?email=${encodeURIComponent(body.email)}`, { replace: true });
    },
    (error) => setServerError(authErrorMessage(t, error)),
  );

  return (
    <Box
      component="form"
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="register-title"
    >
      <Typography id="register-title" variant="h5" component="h1">
        {t('auth.register.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 4 }}>
        {t('auth.register.haveAccount')}{' '}
        <Box component={AppLink} to={paths.auth.login} sx={authLinkSx} style={{ fontWeight: 600 }}>
          {t('auth.register.signIn')}
        </Box>
      </Typography>

      <AuthServerError message={serverError} testId="register-error" />

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: { xs: 3, sm: 2 },
            '& > *': { flex: 1, minWidth: 0 },
          }}
        >
          <LightField
            registration={bind('firstName')}
            label={t('auth.register.firstName')}
            autoComplete="given-name"
            autoFocus
            error={errors.firstName}
          />
          <LightField
            registration={bind('lastName')}
            label={t('auth.register.lastName')}
            autoComplete="family-name"
            error={errors.lastName}
          />
        </Box>
        <LightField
          registration={bind('email')}
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          error={errors.email}
        />
        <LightPasswordField
          registration={bind('password')}
          label={t('auth.register.password')}
          autoComplete="new-password"
          error={errors.password}
          describedBy="register-password-policy"
        />
        <PasswordPolicyList
          id="register-password-policy"
          password={values.password}
          email={values.email}
          knownCommon={knownCommon}
        />
        <Box>
          <Box
            component="label"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              cursor: 'pointer',
              typography: 'body2',
            }}
          >
            <Box
              component="input"
              type="checkbox"
              name="terms"
              checked={values.terms}
              onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
                form.set('terms', e.target.checked)
              }
              aria-invalid={!!errors.terms}
              aria-describedby={errors.terms ? 'register-terms-error' : undefined}
              sx={{
                width: 18,
                height: 18,
                m: 0,
                flexShrink: 0,
                accentColor: (theme) => theme.palette.primary.main,
              }}
            />
            {t('auth.register.terms')}
          </Box>
          {errors.terms && (
            <Box
              id="register-terms-error"
              sx={{ mt: 0.75, mx: 1.75, typography: 'caption', color: 'error.main' }}
            >
              {errors.terms}
            </Box>
          )}
        </Box>
        <AuthSubmitButton busy={isSubmitting} testId="register-submit">
          {isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
        </AuthSubmitButton>
      </Box>
    </Box>
  );
}
