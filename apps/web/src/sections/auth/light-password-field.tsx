import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

import { LightField } from '../../components/form/light-field';

/** Eye icons drawn inline: two icon modules would be two more requests on these pages. */
function EyeIcon({ off }: { off: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z" />
      {off && <path d="M3 3.7 4.4 2.3l17.3 17.3-1.4 1.4z" />}
    </svg>
  );
}

type Props = Omit<ComponentProps<typeof LightField>, 'type' | 'endAdornment'>;

/**
 * A password box on the light field, with a show/hide toggle that is a real, labelled,
 * keyboard-reachable button (the sign-in, sign-up and new-password pages).
 */
export function LightPasswordField(props: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <LightField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <Box sx={{ display: 'flex', ml: 1 }}>
          <IconButton
            onClick={() => setVisible((v) => !v)}
            edge="end"
            aria-label={visible ? t('auth.login.hidePassword') : t('auth.login.showPassword')}
            aria-pressed={visible}
          >
            <EyeIcon off={visible} />
          </IconButton>
        </Box>
      }
    />
  );
}
