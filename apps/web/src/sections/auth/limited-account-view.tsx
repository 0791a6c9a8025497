import type { Limitation } from '@bo/contract/account';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import PhonelinkLockRounded from '@mui/icons-material/PhonelinkLockRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { paths } from '../../routes/paths';

const ICONS = {
  unverified: MarkEmailUnreadRounded,
  unapproved: HourglassTopRounded,
  needs_2fa: PhonelinkLockRounded,
} as const;

/**
 * What a person whose account is limited sees instead of a screen they may not use yet (the
 * server refuses those calls too): why, and the one thing to do next.
 */
export function LimitedAccountView({ reason }: { reason: Limitation }) {
  const { t } = useTranslation();
  const { user, refreshUser } = useAuth();
  const Icon = ICONS[reason];

  // The state may have changed elsewhere (address verified, an administrator approved).
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, [refreshUser]);

  const action =
    reason === 'unverified'
      ? {
          to: `${paths.auth.verify}?email=${encodeURIComponent(user?.email ?? '')}`,
          label: t('auth.limited.unverified.action'),
        }
      : reason === 'needs_2fa'
        ? {
            to: `${paths.dashboard.user.account}?tab=security`,
            label: t('auth.limited.needs_2fa.action'),
          }
        : { to: paths.dashboard.user.account, label: t('auth.limited.unapproved.action') };

  return (
    <Card sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="limited-account">
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 520, mx: 'auto' }}>
        <Icon sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
        <Typography variant="h5" component="h1">
          {t(`auth.limited.${reason}.title`)}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {t(`auth.limited.${reason}.text`, { email: user?.email ?? '' })}
        </Typography>
        <Button component={RouterLink} to={action.to} variant="contained">
          {action.label}
        </Button>
      </Stack>
    </Card>
  );
}
