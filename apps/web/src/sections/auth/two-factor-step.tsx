import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { LightField } from '../../components/form/light-field';
import { applyServerFieldErrors, translateError } from '../../locales/form-errors';

type Props = {
  mfaToken: string;
  remember: boolean;
  onDone: () => void;
  onCancel: () => void;
  onError: (message: string | null) => void;
};

/**
 * The second sign-in step of an account with two-factor sign-in: the six digits the
 * authenticator app shows, or one of the recovery codes (each works once). Loaded only when an
 * account asks for it, so the sign-in page stays light.
 */
export function TwoFactorStep({ mfaToken, remember, onDone, onCancel, onError }: Props) {
  const { t } = useTranslation();
  const { completeTwoFactor } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    onError(null);
    try {
      await completeTwoFactor(mfaToken, code.trim(), remember);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(t, error, setError, ['code'])) onError(translateError(t, error));
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="two-factor-title"
      data-testid="two-factor-step"
    >
      <Typography id="two-factor-title" variant="h5" component="h1">
        {t('auth.twoFactor.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 4 }}>
        {t('auth.twoFactor.hint')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <LightField
          registration={register('code', {
            required: t('auth.twoFactor.required'),
            validate: (v) =>
              /^\d{6}$/.test(v.trim()) ||
              /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(v.trim()) ||
              t('auth.twoFactor.format'),
          })}
          label={t('auth.twoFactor.code')}
          autoComplete="one-time-code"
          autoFocus
          error={errors.code?.message}
        />
        <Button
          type="submit"
          size="large"
          variant="contained"
          color="inherit"
          fullWidth
          disabled={isSubmitting}
          aria-busy={isSubmitting}
          data-testid="two-factor-submit"
        >
          {isSubmitting ? t('auth.twoFactor.submitting') : t('auth.twoFactor.submit')}
        </Button>
        <Button variant="text" onClick={onCancel} sx={{ alignSelf: 'center' }}>
          {t('auth.twoFactor.back')}
        </Button>
      </Box>
    </Box>
  );
}
