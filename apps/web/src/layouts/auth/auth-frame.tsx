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

/** The side panel's greeting: a newcomer is welcomed, not welcomed back. */
export type AuthGreeting = 'back' | 'join' | 'verify';

const GREETING_KEY: Record<AuthGreeting, string> = {
  back: 'auth.panel.title',
  join: 'auth.panel.joinTitle',
  // Right after sign-up the account is new: "welcome back" would be wrong there.
  verify: 'auth.panel.verifyTitle',
};

/** The greeting for an auth page's address. */
export function greetingOf(pathname: string): AuthGreeting {
  // An invited person is as new as one signing up.
  if (pathname.includes('/register') || pathname.includes('/invite/')) return 'join';
  if (pathname.includes('/verify')) return 'verify';
  return 'back';
}

/**
 * Split layout: an illustrated side panel on desktop, the form on the other side. Drawn by the
 * router's auth layout and, without the router, by the sign-in shell.
 */
export function AuthFrame({ greeting, children }: { greeting: AuthGreeting; children: ReactNode }) {
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
          {/* A real heading (WCAG 1.3.1): the form's own title is the page's h1. */}
          <Typography variant="h3" component="h2">
            {t(GREETING_KEY[greeting])}
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
