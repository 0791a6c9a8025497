import { LAYOUT } from '@bo/contract/constants';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { Logo } from '../../components/logo/logo';
import { NavSectionVertical } from '../../components/nav-section/nav-section-vertical';
import type { NavGroupData } from '../../components/nav-section/types';
import { LANDING_PATH } from '../../routes/paths';
import { NavHelpBox } from './nav-help-box';

type Props = { data: NavGroupData[]; open: boolean; onClose: () => void };

/** Below the desktop breakpoint the side bar is a temporary drawer, closed after each move. */
export function NavMobileDrawer({ data, open, onClose }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  // Close on route change only: not when first mounted, which is when it first opens.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: LAYOUT.navWidth, maxWidth: '85vw' } } }}
      data-testid="nav-mobile"
    >
      <Box sx={{ pl: 3.5, pt: 2.5, pb: 1 }}>
        <Logo href={LANDING_PATH} label={t('common.appName')} />
      </Box>
      <NavSectionVertical data={data} label={t('nav.label')} />
      <NavHelpBox />
    </Drawer>
  );
}
