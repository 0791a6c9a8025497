import SvgIcon from '@mui/material/SvgIcon';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import { Hint } from '../hint/hint';
import { useSettings } from './settings-context';

const prefetchDrawer = () => void import('./settings-drawer');

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;

export function SettingsButton() {
  const { t } = useTranslation();
  const { onOpen } = useSettings();
  return (
    <Hint title={t('settings.title')}>
      <IconButton
        onClick={onOpen}
        // The drawer is fetched on intent, so it opens at once on the press.
        onPointerEnter={prefetchDrawer}
        onFocus={prefetchDrawer}
        aria-label={t('settings.title')}
        data-testid="settings-button"
      >
        <SvgIcon
          sx={{
            '@media (prefers-reduced-motion: no-preference)': {
              animation: `${spin} 10s linear infinite`,
            },
          }}
        >
          <path
            d="M19.4 13a7.7 7.7 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3.3h-4l-.4 2.6a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.7 7.7 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1l.4 2.6h4l.4-2.6a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z"
            transform="translate(-1 0)"
          />
        </SvgIcon>
      </IconButton>
    </Hint>
  );
}
