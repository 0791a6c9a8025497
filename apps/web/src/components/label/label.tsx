import Box from '@mui/material/Box';
import { fillShade, textShade } from '../../theme/components';
import { alpha, getContrastRatio } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type LabelColor =
  'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';
export type LabelVariant = 'filled' | 'outlined' | 'soft';

/** `color` laid at `opacity` over the page, as an opaque colour (what the eye gets). */
function over(theme: Theme, color: string, opacity: number): string {
  const parse = (c: string) => {
    const hex = c.replace('#', '');
    const full = hex.length === 3 ? [...hex].map((x) => x + x).join('') : hex.slice(0, 6);
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  };
  const [r1, g1, b1] = parse(color);
  const [r2, g2, b2] = parse(theme.palette.background.paper);
  const mix = (a: number, b: number) => Math.round(a * opacity + b * (1 - opacity));
  return `rgb(${mix(r1!, r2!)}, ${mix(g1!, g2!)}, ${mix(b1!, b2!)})`;
}

/**
 * Text on a soft tint of a colour (status labels: the colour at 16 % over the page): the first
 * shade that reads at 4.5:1 on that tint.
 */
function softShade(theme: Theme, color: LabelColor, tint = 0.16) {
  const grey = theme.palette.grey;
  const p =
    color === 'default'
      ? {
          main: grey[600],
          dark: grey[800],
          darker: grey[900],
          light: grey[300],
          lighter: grey[200],
        }
      : theme.palette[color];
  const background = over(theme, p.main, tint);
  const shades =
    theme.palette.mode === 'light'
      ? [p.dark, p.darker, '#000000']
      : [p.light, p.lighter, '#FFFFFF'];
  return {
    color: shades.find((c) => getContrastRatio(c, background) >= 4.5) ?? shades.at(-1)!,
    background,
  };
}

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
          const main =
            color === 'default'
              ? theme.palette.mode === 'light'
                ? theme.palette.grey[600]
                : theme.palette.grey[500]
              : theme.palette[color].main;
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
            // Filled and outlined take the theme's readable shades (4.5:1, WCAG 1.4.3).
            ...(variant === 'filled' && {
              color:
                color === 'default'
                  ? theme.palette.common.white
                  : theme.palette[color].contrastText,
              bgcolor: color === 'default' ? theme.palette.grey[800] : fillShade(theme, color),
            }),
            ...(variant === 'outlined' && {
              color: color === 'default' ? main : textShade(theme, color),
              border: `2px solid ${main}`,
            }),
            // Soft: the colour's readable shade on its 16 % tint (WCAG 1.4.3, 4.5:1).
            ...(variant === 'soft' && {
              color: softShade(theme, color).color,
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
