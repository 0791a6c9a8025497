import { registerBodySchema } from '@bo/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';

import { useAuth } from '../../auth/auth-context';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { paths } from '../../routes/paths';
import { applyAuthFieldErrors, authErrorMap, authErrorMessage } from './auth-errors';
import { AuthServerError, AuthSubmitButton } from './auth-form-parts';
import { PasswordField } from './password-field';
import { passwordIsEmail } from './password-policy';
import { PasswordPolicyList } from './password-policy-list';

/** The contract's body, plus the terms box and the "not your email" half of the policy. */
const registerFormSchema = registerBodySchema
  .extend({
    terms: z.boolean().refine((v) => v, { params: { code: 'terms_required' } }),
  })
  .superRefine((values, ctx) => {
    if (passwordIsEmail(values.password, values.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], params: { code: 'password_is_email' } });
    }
  });

type FormInput = z.input<typeof registerFormSchema>;
type FormOutput = z.output<typeof registerFormSchema>;

const FIELDS = ['email', 'password', 'firstName', 'lastName'] as const;

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
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [knownCommon, setKnownCommon] = useState<ReadonlySet<string>>(new Set());
  usePageTitle(t('auth.register.title'));

  const resolver = useMemo(() => zodResolver(registerFormSchema, { error: authErrorMap(t) }), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '', terms: false },
  });
  const email = watch('email');
  const password = watch('password');

  const field = (name: (typeof FIELDS)[number]) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: !!errors[name], helperText: errors[name]?.message };
  };

  const onSubmit = handleSubmit(async ({ terms: _terms, ...body }) => {
    setServerError(null);
    onSubmitting?.(true);
    try {
      await signUp(body);
      notify.success(t('auth.register.created'));
      navigate(`${paths.auth.verify}?email=${encodeURIComponent(body.email)}`, { replace: true });
    } catch (error) {
      onSubmitting?.(false);
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
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="register-title">
      <Typography id="register-title" variant="h5" component="h1">
        {t('auth.register.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 4 }}>
        {t('auth.register.haveAccount')}{' '}
        <Link component={RouterLink} to={paths.auth.login} variant="subtitle2">
          {t('auth.register.signIn')}
        </Link>
      </Typography>

      <AuthServerError message={serverError} testId="register-error" />

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: { xs: 3, sm: 2 },
          }}
        >
          <TextField
            {...field('firstName')}
            label={t('auth.register.firstName')}
            autoComplete="given-name"
            autoFocus
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            {...field('lastName')}
            label={t('auth.register.lastName')}
            autoComplete="family-name"
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <TextField
          {...field('email')}
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <PasswordField
          {...field('password')}
          label={t('auth.register.password')}
          autoComplete="new-password"
          describedBy="register-password-policy"
        />
        <PasswordPolicyList
          id="register-password-policy"
          password={password}
          email={email}
          knownCommon={knownCommon}
        />
        <Controller
          name="terms"
          control={control}
          render={({ field: { value, onChange, onBlur, ref }, fieldState }) => (
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={!!value}
                    onChange={(event) => onChange(event.target.checked)}
                    onBlur={onBlur}
                    inputRef={ref}
                    slotProps={{
                      input: {
                        'aria-invalid': !!fieldState.error,
                        'aria-describedby': fieldState.error ? 'register-terms-error' : undefined,
                      },
                    }}
                  />
                }
                label={<Typography variant="body2">{t('auth.register.terms')}</Typography>}
              />
              {fieldState.error && (
                <FormHelperText id="register-terms-error" error sx={{ mx: 1.75 }}>
                  {fieldState.error.message}
                </FormHelperText>
              )}
            </Box>
          )}
        />
        <AuthSubmitButton busy={isSubmitting} testId="register-submit">
          {isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
        </AuthSubmitButton>
      </Box>
    </Box>
  );
}
