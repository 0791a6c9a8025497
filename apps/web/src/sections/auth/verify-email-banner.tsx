import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { paths } from '../../routes/paths';
import { useEmailVerifiedHere } from './verified-emails';

const DISMISS_KEY = 'verifyEmailBannerDismissed';

/** Shown in the dashboard while the signed-in person's address is unverified; dismissed per tab. */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const verifiedHere = useEmailVerifiedHere(user?.email);
  const [dismissed, setDismissed] = useState(
    () => window.sessionStorage.getItem(DISMISS_KEY) === user?.id,
  );

  if (!user || user.emailVerified || verifiedHere || dismissed) return null;

  const dismiss = () => {
    window.sessionStorage.setItem(DISMISS_KEY, user.id);
    setDismissed(true);
  };

  return (
    <Alert
      severity="warning"
      data-testid="verify-email-banner"
      sx={{ mb: 3, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      action={
        <>
          <Button
            component={RouterLink}
            to={`${paths.auth.verify}?email=${encodeURIComponent(user.email)}`}
            color="inherit"
            size="small"
            variant="outlined"
            sx={{ whiteSpace: 'nowrap', me: 1 }}
          >
            {t('auth.banner.action')}
          </Button>
          {/* With an action, Alert draws no close button of its own. */}
          <IconButton
            size="small"
            color="inherit"
            onClick={dismiss}
            aria-label={t('auth.banner.dismiss')}
          >
            <CloseRounded fontSize="small" />
          </IconButton>
        </>
      }
    >
      <strong>{t('auth.banner.title')}</strong> {t('auth.banner.text', { email: user.email })}
    </Alert>
  );
}
