import { LAYOUT } from '@bo/contract/constants';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

import { Logo } from '../../components/logo/logo';
import { NavSectionMini } from '../../components/nav-section/nav-section-mini';
import { NavSectionVertical } from '../../components/nav-section/nav-section-vertical';
import type { NavGroupData } from '../../components/nav-section/types';
import { LANDING_PATH } from '../../routes/paths';
import { NavHelpBox } from './nav-help-box';

type Props = { data: NavGroupData[]; mini: boolean; onToggleMini: () => void };

/** Desktop side bar, fixed at the inline start; 280 px, or 88 px in mini. */
export function NavVertical({ data, mini, onToggleMini }: Props) {
  const { t } = useTranslation();
  const width = mini ? LAYOUT.navMiniWidth : LAYOUT.navWidth;
  return (
    <Box
      component="aside"
      data-testid="nav-vertical"
      data-mini={mini}
      sx={(theme) => ({
        display: { xs: 'none', lg: 'flex' },
        flexDirection: 'column',
        position: 'fixed',
        top: 0,
        insetInlineStart: 0,
        height: '100vh',
        width,
        zIndex: theme.zIndex.appBar + 1,
        bgcolor: 'background.default',
        borderInlineEnd: `1px dashed ${theme.palette.divider}`,
        transition: theme.transitions.create('width', {
          duration: theme.transitions.duration.shorter,
        }),
      })}
    >
      <Tooltip title={mini ? t('nav.expand') : t('nav.collapse')} placement="right">
        <IconButton
          size="small"
          onClick={onToggleMini}
          aria-label={mini ? t('nav.expand') : t('nav.collapse')}
          data-testid="nav-toggle-mini"
          sx={(theme) => ({
            position: 'absolute',
            top: 32,
            insetInlineEnd: -13,
            zIndex: 1,
            width: 26,
            height: 26,
            border: `1px solid ${theme.palette.divider}`,
            bgcolor: 'background.default',
            '&:hover': { bgcolor: 'background.neutral' },
          })}
        >
          <ChevronLeftRounded
            sx={(theme) => ({
              fontSize: 16,
              transform: `scaleX(${(mini ? -1 : 1) * (theme.direction === 'rtl' ? -1 : 1)})`,
            })}
          />
        </IconButton>
      </Tooltip>
      <Box
        sx={{
          pl: mini ? 0 : 3.5,
          pt: 2.5,
          pb: 1,
          display: 'flex',
          justifyContent: mini ? 'center' : 'flex-start',
        }}
      >
        <Logo href={LANDING_PATH} label={t('common.appName')} />
      </Box>
      <Box
        sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', pb: 2, scrollbarWidth: 'thin' }}
      >
        {mini ? (
          <NavSectionMini data={data} label={t('nav.label')} />
        ) : (
          <>
            <NavSectionVertical data={data} label={t('nav.label')} />
            <NavHelpBox />
          </>
        )}
      </Box>
    </Box>
  );
}
