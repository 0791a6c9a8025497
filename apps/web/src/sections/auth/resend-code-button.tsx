import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { authErrorMessage, retryMinutes } from './auth-errors';
import { useCooldown } from './use-cooldown';

export const RESEND_COOLDOWN_SECONDS = 60;

type Props = {
  /** Asks the server for a new code; rejects with the HTTP error. */
  send: () => Promise<unknown>;
  disabled?: boolean;
  loading?: boolean;
};

/** "Didn't get a code? Resend", then a countdown so a person cannot hammer the mailer. */
export function ResendCodeButton({ send, disabled, loading }: Props) {
  const { t } = useTranslation();
  const [left, startCooldown] = useCooldown();

  const onClick = async () => {
    try {
      await send();
      notify.info(t('auth.code.resent'));
      startCooldown(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      notify.error(authErrorMessage(t, error));
      const minutes = retryMinutes(error);
      if (minutes !== null) startCooldown(minutes * 60);
    }
  };

  return (
    <Typography variant="body2" component="div" sx={{ textAlign: 'center' }}>
      {t('auth.code.noCode')}{' '}
      <Button
        variant="text"
        size="small"
        onClick={onClick}
        disabled={disabled || loading || left > 0}
        aria-busy={loading}
        startIcon={loading ? <CircularProgress size={14} color="inherit" /> : undefined}
        data-testid="resend-code"
        sx={{ verticalAlign: 'baseline' }}
      >
        {left > 0 ? t('auth.code.resendIn', { count: left }) : t('auth.code.resend')}
      </Button>
    </Typography>
  );
}
