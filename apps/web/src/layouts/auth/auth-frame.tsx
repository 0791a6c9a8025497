import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Logo } from '../../components/logo/logo';

// The language button is not needed to sign in; it arrives just after the form.
const LanguagePopover = lazy(() =>
  import('../common/language-popover').then((m) => ({ default: m.LanguagePopover })),
);

// The settings button (and its hint) is not needed to sign in either.
const SettingsButton = lazy(() =>
  import('../../components/settings/settings-button').then((m) => ({
    default: m.SettingsButton,
  })),
);

// Decorative and shown on wide screens only: it loads after the form.
const DashboardIllustration = lazy(() =>
  import('../../components/illustrations/illustrations').then((m) => ({
    default: m.DashboardIllustration,
  })),
);

/**
 * Split layout: an illustrated side panel on desktop, the form on the other side. Drawn by the
 * router's auth layout and, without the router, by the sign-in shell.
 */
export function AuthFrame({ joining, children }: { joining: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', position: 'relative' }}
      data-testid="auth-layout"
    >
      <Box
        component="header"
        sx={{
          position: 'absolute',
          top: 0,
          insetInline: 0,
          zIndex: 2,
          display: 'flex',
          alignItems: 'center',
          p: { xs: 2, md: 3 },
        }}
      >
        <Logo label={t('common.appName')} />
        <Box sx={{ flexGrow: 1 }} />
        <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
          <LanguagePopover />
        </Suspense>
        <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
          <SettingsButton />
        </Suspense>
      </Box>
      <Box
        sx={(theme) => ({
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 6,
          px: 3,
          pt: 12,
          pb: 6,
          width: 1,
          maxWidth: 480,
          position: 'relative',
          background: `linear-gradient(0deg, ${alpha(theme.palette.background.default, 0.92)}, ${alpha(theme.palette.background.default, 0.92)}), radial-gradient(circle at 20% 20%, ${alpha(theme.palette.primary.main, 0.35)}, transparent 60%)`,
          borderInlineEnd: `1px dashed ${theme.palette.divider}`,
        })}
      >
        <Box sx={{ textAlign: 'center' }}>
          <Typography variant="h3" component="p">
            {t(joining ? 'auth.panel.joinTitle' : 'auth.panel.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 2 }}>
            {t('auth.panel.subtitle')}
          </Typography>
        </Box>
        <Suspense fallback={<Box sx={{ width: 1, maxWidth: 400, aspectRatio: '4 / 3' }} />}>
          <DashboardIllustration sx={{ maxWidth: 400 }} />
        </Suspense>
      </Box>
      <Box
        component="main"
        sx={{
          flex: '1 1 auto',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          pt: { xs: 12, md: 12 },
          pb: 8,
        }}
      >
        <Box sx={{ width: 1, maxWidth: 420 }}>{children}</Box>
      </Box>
    </Box>
  );
}
