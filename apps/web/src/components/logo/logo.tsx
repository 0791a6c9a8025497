import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { AppLink } from '../../routes/app-navigation';

type Props = { href?: string; size?: number; sx?: SxProps<Theme>; label: string };

/** The product mark, drawn inline in the preset's colours (no image files to fetch). */
export function Logo({ href = '/', size = 40, sx, label }: Props) {
  const theme = useTheme();
  const { light, main, dark } = theme.palette.primary;
  // Unique per instance: a hidden copy (desktop nav on a phone) would otherwise own the gradient.
  const gradientId = useId();
  return (
    <Box
      component={AppLink}
      to={href}
      aria-label={label}
      sx={{ width: size, height: size, display: 'inline-flex', flexShrink: 0, ...sx }}
    >
      <svg width="100%" height="100%" viewBox="0 0 48 48" aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor={light} />
            <stop offset="100%" stopColor={dark} />
          </linearGradient>
        </defs>
        <rect x="4" y="4" width="40" height="40" rx="12" fill={`url(#${gradientId})`} />
        <path
          d="M16 34V14h10a6 6 0 0 1 0 12h-10m10 0 6 8"
          stroke="#fff"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="34" cy="14" r="3" fill={main} stroke="#fff" strokeWidth="2" />
      </svg>
    </Box>
  );
}
