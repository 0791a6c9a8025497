import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<TextFieldProps, 'type'> & { describedBy?: string };

/** A password box with a show/hide toggle that is a real, labelled, keyboard-reachable button. */
export function PasswordField({ describedBy, slotProps, ...props }: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true },
        htmlInput: describedBy ? { 'aria-describedby': describedBy } : undefined,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((v) => !v)}
                edge="end"
                aria-label={visible ? t('auth.login.hidePassword') : t('auth.login.showPassword')}
                aria-pressed={visible}
              >
                {visible ? <VisibilityOffRounded /> : <VisibilityRounded />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
