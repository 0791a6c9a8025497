import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { paths } from '../../routes/paths';
import { useSystemStateQuery } from './system-api';

const DISMISS_KEY = 'mailOutboxBannerDismissed';

/**
 * Tells administrators, above every dashboard screen, that without SMTP no mail leaves the server
 * (an invoice "sent to billing@…" only reached the outbox). Dismissed per tab. A status, not an
 * alert: it is not news of something the person just did.
 */
export function MailOutboxBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const admin = !!user?.permissions.includes('admin:area');
  const [dismissed, setDismissed] = useState(
    () => window.sessionStorage.getItem(DISMISS_KEY) === user?.id,
  );
  const { data } = useSystemStateQuery(undefined, { skip: !admin || dismissed });

  // The system page says it in its own words.
  if (!user || !data || data.mail.smtpConfigured || dismissed) return null;
  if (pathname === paths.dashboard.admin.system) return null;

  const dismiss = () => {
    window.sessionStorage.setItem(DISMISS_KEY, user.id);
    setDismissed(true);
  };

  return (
    <Alert
      severity="warning"
      role="status"
      data-testid="mail-outbox-banner"
      sx={{ mb: 3, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      action={
        <>
          <Button
            component={RouterLink}
            to={`${paths.dashboard.admin.audit}?tab=outbox`}
            color="inherit"
            size="small"
            variant="outlined"
            sx={{ whiteSpace: 'nowrap', me: 1 }}
          >
            {t('admin.mailBanner.action')}
          </Button>
          <IconButton
            size="small"
            color="inherit"
            onClick={dismiss}
            aria-label={t('admin.mailBanner.dismiss')}
          >
            <CloseRounded fontSize="small" />
          </IconButton>
        </>
      }
    >
      <strong>{t('admin.mailBanner.title')}</strong> {t('admin.mailBanner.text')}
    </Alert>
  );
}
