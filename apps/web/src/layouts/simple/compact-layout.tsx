import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { Logo } from '../../components/logo/logo';
import { SettingsButton } from '../../components/settings/settings-button';
import { LanguagePopover } from '../common/language-popover';

/** Stand-alone pages (countdown, maintenance, errors): logo, language and settings, centred content. */
export function CompactLayout() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}
      data-testid="compact-layout"
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          p: { xs: 2, md: 3 },
          height: { xs: 64, md: 88 },
        }}
      >
        <Logo label={t('common.appName')} />
        <Box sx={{ flexGrow: 1 }} />
        <LanguagePopover />
        <SettingsButton />
      </Box>
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          py: { xs: 5, md: 8 },
        }}
      >
        <Box sx={{ width: 1, maxWidth: 560, textAlign: 'center' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
