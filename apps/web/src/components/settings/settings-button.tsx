import SettingsRounded from '@mui/icons-material/SettingsRounded';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import { Hint } from '../hint/hint';
import { useSettings } from './settings-context';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;

export function SettingsButton() {
  const { t } = useTranslation();
  const { onOpen } = useSettings();
  return (
    <Hint title={t('settings.title')}>
      <IconButton onClick={onOpen} aria-label={t('settings.title')} data-testid="settings-button">
        <SettingsRounded
          sx={{
            '@media (prefers-reduced-motion: no-preference)': {
              animation: `${spin} 10s linear infinite`,
            },
          }}
        />
      </IconButton>
    </Hint>
  );
}
