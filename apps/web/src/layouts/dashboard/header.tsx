import { LAYOUT } from '@bo/contract/constants';
import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { alpha } from '@mui/material/styles';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';

import type { NavGroupData } from '../../components/nav-section/types';
import { SettingsButton } from '../../components/settings/settings-button';
import { LanguagePopover } from '../common/language-popover';
import { Searchbar } from '../common/searchbar';

/**
 * The header's popovers (contacts, notifications, account: MUI Popover, Tooltip and Popper,
 * lists, avatars, the chat and notification API slices) are not needed to paint or use the
 * screen: they load beside the page, each holding its button's place meanwhile.
 */
const ContactsPopover = lazy(() =>
  import('../common/contacts-popover').then((m) => ({ default: m.ContactsPopover })),
);
const NotificationsPopover = lazy(() =>
  import('../common/notifications-popover').then((m) => ({ default: m.NotificationsPopover })),
);
const AccountPopover = lazy(() =>
  import('../common/account-popover').then((m) => ({ default: m.AccountPopover })),
);

const prefetchNavDrawer = () => void import('./nav-mobile-drawer');

const slot = <Box sx={{ width: 40, height: 40 }} />;

type Props = { navData: NavGroupData[]; navWidth: number; onOpenNav: () => void };

/** 64 px on phones; 92 px on desktop, shrinking by the 60 px offset once the page scrolls. */
export function Header({ navData, navWidth, onOpenNav }: Props) {
  const { t } = useTranslation();
  const scrolled = useScrollTrigger({
    disableHysteresis: true,
    threshold: LAYOUT.headerDashboardDesktopOffset,
  });

  return (
    <AppBar
      position="fixed"
      color="transparent"
      elevation={0}
      data-testid="dashboard-header"
      sx={(theme) => ({
        boxShadow: 'none',
        zIndex: theme.zIndex.appBar,
        backdropFilter: 'blur(6px)',
        backgroundColor: alpha(theme.palette.background.default, 0.8),
        transition: theme.transitions.create(['height', 'width'], {
          duration: theme.transitions.duration.shorter,
        }),
        height: LAYOUT.headerMobile,
        [theme.breakpoints.up('lg')]: {
          width: `calc(100% - ${navWidth + 1}px)`,
          marginInlineStart: `${navWidth + 1}px`,
          height: scrolled ? LAYOUT.headerDashboardDesktopOffset : LAYOUT.headerDashboardDesktop,
          ...(scrolled && { borderBottom: `1px solid ${theme.palette.divider}` }),
        },
      })}
    >
      <Toolbar sx={{ height: 1, px: { xs: 2, lg: 5 } }}>
        <IconButton
          onClick={onOpenNav}
          // Fetched on intent, so the drawer is there by the time the press lands.
          onPointerEnter={prefetchNavDrawer}
          onFocus={prefetchNavDrawer}
          aria-label={t('nav.open')}
          data-testid="nav-open"
          sx={{ mr: 1, display: { lg: 'none' }, color: 'text.primary' }}
        >
          <MenuRounded />
        </IconButton>
        <Searchbar data={navData} />
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.75 } }}>
          <LanguagePopover />
          <Suspense fallback={slot}>
            <NotificationsPopover />
          </Suspense>
          <Box sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            <Suspense fallback={slot}>
              <ContactsPopover />
            </Suspense>
          </Box>
          <SettingsButton />
          <Suspense fallback={slot}>
            <AccountPopover />
          </Suspense>
        </Box>
      </Toolbar>
    </AppBar>
  );
}
