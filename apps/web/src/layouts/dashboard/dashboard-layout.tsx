import { LAYOUT } from '@bo/contract/constants';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { AuthGuard } from '../../auth/auth-guard';
import { startRealtime } from '../../lib/realtime';
import { MailOutboxBanner } from '../../sections/admin/mail-outbox-banner';
import { LimitedAccountView } from '../../sections/auth/limited-account-view';
import { VerifyEmailBanner } from '../../sections/auth/verify-email-banner';
import { paths } from '../../routes/paths';
import { useSettings } from '../../components/settings/settings-context';
import { Header } from './header';
import { NavMobile } from './nav-mobile';
import { useNavData } from './nav-config';
import { NavVertical } from './nav-vertical';

function DashboardShell() {
  const { t } = useTranslation();
  const settings = useSettings();
  const navData = useNavData();
  const { user } = useAuth();
  const { pathname } = useLocation();
  // A limited account (not verified, not approved, or an administrator without two-factor
  // sign-in where it is required) keeps its own account page; every other screen says why not.
  const limited = user?.limited && pathname !== paths.dashboard.user.account ? user.limited : null;
  const [mobileOpen, setMobileOpen] = useState(false);
  const mini = settings.themeLayout === 'mini';
  // The content slides only when the person toggles the nav, never while a page loads.
  const [animate, setAnimate] = useState(false);
  const navWidth = mini ? LAYOUT.navMiniWidth : LAYOUT.navWidth;
  // Signed in: the tab's one realtime socket opens (it follows sign-out by itself).
  useEffect(() => startRealtime(), []);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex' }} data-testid="dashboard-layout">
      {/* The first Tab stop: past the header and the navigation, straight to the screen. */}
      <Box
        component="a"
        href="#main-content"
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        sx={{
          position: 'fixed',
          top: 8,
          insetInlineStart: 8,
          zIndex: 'tooltip',
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          boxShadow: 8,
          typography: 'subtitle2',
          transform: 'translateY(-200%)',
          '&:focus': { transform: 'none' },
        }}
      >
        {t('common.skipToContent')}
      </Box>
      <Header navData={navData} navWidth={navWidth} onOpenNav={() => setMobileOpen(true)} />
      <NavVertical
        data={navData}
        mini={mini}
        onToggleMini={() => {
          setAnimate(true);
          settings.update('themeLayout', mini ? 'vertical' : 'mini');
        }}
      />
      <NavMobile data={navData} open={mobileOpen} onClose={() => setMobileOpen(false)} />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={(theme) => ({
          flexGrow: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          pt: `${LAYOUT.headerMobile + 8}px`,
          pb: 8,
          px: { xs: 2, sm: 3 },
          [theme.breakpoints.up('lg')]: {
            pt: `${LAYOUT.headerDashboardDesktop + 8}px`,
            px: 5,
            paddingInlineStart: `${navWidth + 40}px`,
            transition: animate
              ? theme.transitions.create('padding', {
                  duration: theme.transitions.duration.shorter,
                })
              : 'none',
          },
        })}
      >
        <Box sx={{ width: 1, mx: 'auto', maxWidth: settings.themeStretch ? 'none' : 1200 }}>
          {!limited && <VerifyEmailBanner />}
          {!limited && <MailOutboxBanner />}
          {limited ? <LimitedAccountView reason={limited} /> : <Outlet />}
        </Box>
      </Box>
    </Box>
  );
}

/** Every dashboard screen renders inside this, behind the auth guard. */
export function DashboardLayout() {
  return (
    <AuthGuard>
      <DashboardShell />
    </AuthGuard>
  );
}
