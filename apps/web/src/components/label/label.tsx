import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type LabelColor =
  'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';
export type LabelVariant = 'filled' | 'outlined' | 'soft';

type Props = {
  color?: LabelColor;
  variant?: LabelVariant;
  children: ReactNode;
  sx?: SxProps<Theme>;
};

/** Small status tag used in tables and cards (e.g. "active", "paid"). */
export function Label({ color = 'default', variant = 'soft', children, sx }: Props) {
  return (
    <Box
      component="span"
      sx={[
        (theme) => {
          const main = color === 'default' ? theme.palette.grey[600] : theme.palette[color].main;
          const dark = color === 'default' ? theme.palette.grey[800] : theme.palette[color].dark;
          const light = color === 'default' ? theme.palette.grey[300] : theme.palette[color].light;
          return {
            height: 24,
            minWidth: 24,
            px: 0.75,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: 0.75,
            typography: 'caption',
            fontWeight: 700,
            whiteSpace: 'nowrap',
            ...(variant === 'filled' && {
              color:
                color === 'default'
                  ? theme.palette.common.white
                  : theme.palette[color].contrastText,
              bgcolor: color === 'default' ? theme.palette.grey[800] : main,
            }),
            ...(variant === 'outlined' && { color: main, border: `2px solid ${main}` }),
            ...(variant === 'soft' && {
              color: theme.palette.mode === 'light' ? dark : light,
              bgcolor: alpha(main, 0.16),
            }),
          };
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
