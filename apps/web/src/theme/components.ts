import { alpha, getContrastRatio } from '@mui/material/styles';
import type { Components, Theme } from '@mui/material/styles';

import type { ThemeContrast } from './types';

type PaletteColorName = 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';
const PALETTE_COLORS: ReadonlySet<string> = new Set([
  'primary',
  'secondary',
  'info',
  'success',
  'warning',
  'error',
]);
const isPaletteColor = (c: unknown): c is PaletteColorName =>
  typeof c === 'string' && PALETTE_COLORS.has(c);
const AA = 4.5;

/**
 * A palette colour as text (text and outlined buttons, links, outlined chips): the first shade
 * that reads at 4.5:1 on the page (WCAG 1.4.3). `main` is too light as text on white for most
 * colours (#00A76F is 3.1:1), and some presets are too dark on the dark page.
 */
export function textShade(theme: Theme, color: PaletteColorName = 'primary'): string {
  const p = theme.palette[color];
  const shades =
    theme.palette.mode === 'light'
      ? [p.main, p.dark, p.darker, '#000000']
      : [p.main, p.light, p.lighter, '#FFFFFF'];
  return shades.find((c) => getContrastRatio(c, theme.palette.background.paper) >= AA)!;
}

/** A palette colour as a fill under its contrastText (contained buttons, filled chips). */
export function fillShade(theme: Theme, color: PaletteColorName = 'primary'): string {
  const p = theme.palette[color];
  const shades = [p.main, p.dark, p.darker, p.light, p.lighter];
  return shades.find((c) => getContrastRatio(p.contrastText, c) >= AA) ?? p.darker;
}

/** Per-component overrides: the look of the kit lives here, not in each screen. */
export function createComponents(contrast: ThemeContrast): Components<Theme> {
  return {
    MuiCssBaseline: {
      styleOverrides: (theme) => ({
        '*': { boxSizing: 'border-box' },
        // Focus is never hidden under the sticky header (WCAG 2.4.11): scrolling to a focused
        // element keeps the header's height clear.
        html: { height: '100%', WebkitOverflowScrolling: 'touch', scrollPaddingTop: 96 },
        '#main-content:focus': { outline: 'none' },
        // Motion only for those who have not asked for less (WCAG 2.3.3).
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
        body: { minHeight: '100%' },
        '#root': { minHeight: '100%' },
        'input[type=number]': { MozAppearance: 'textfield' },
        '::selection': { backgroundColor: alpha(theme.palette.primary.main, 0.24) },
      }),
    },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: ({ theme }) => ({ borderRadius: theme.shape.borderRadius }),
        sizeLarge: { minHeight: 48 },
        text: ({ theme, ownerState }) =>
          isPaletteColor(ownerState.color) ? { color: textShade(theme, ownerState.color) } : {},
        outlined: ({ theme, ownerState }) =>
          isPaletteColor(ownerState.color) ? { color: textShade(theme, ownerState.color) } : {},
        contained: ({ theme, ownerState }) => {
          if (!isPaletteColor(ownerState.color)) return {};
          const fill = fillShade(theme, ownerState.color);
          const p = theme.palette[ownerState.color];
          return {
            backgroundColor: fill,
            '&:hover': { backgroundColor: fill === p.main ? p.dark : p.darker },
          };
        },
        containedInherit: ({ theme }) => ({
          color: theme.palette.mode === 'light' ? '#FFFFFF' : theme.palette.grey[800],
          backgroundColor:
            theme.palette.mode === 'light' ? theme.palette.grey[800] : theme.palette.common.white,
          '&:hover': {
            backgroundColor:
              theme.palette.mode === 'light' ? theme.palette.grey[700] : theme.palette.grey[400],
          },
        }),
        outlinedInherit: ({ theme }) => ({
          borderColor: alpha(theme.palette.grey[500], 0.32),
          '&:hover': { backgroundColor: theme.palette.action.hover },
        }),
      },
    },
    MuiIconButton: { styleOverrides: { root: { '&:focus-visible': { outlineOffset: 2 } } } },
    MuiCard: {
      styleOverrides: {
        root: ({ theme }) => ({
          position: 'relative',
          borderRadius: Number(theme.shape.borderRadius) * 2,
          zIndex: 0,
          boxShadow: theme.customShadows.card,
          ...(contrast === 'bold' &&
            theme.palette.mode === 'light' && { boxShadow: theme.customShadows.z8 }),
        }),
      },
    },
    MuiCardHeader: {
      defaultProps: {
        titleTypographyProps: { variant: 'h6' },
        subheaderTypographyProps: { variant: 'body2', marginTop: '4px' },
      },
      styleOverrides: { root: ({ theme }) => ({ padding: theme.spacing(3, 3, 0) }) },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { backgroundImage: 'none' } },
    },
    MuiPopover: {
      styleOverrides: {
        paper: ({ theme }) => ({
          boxShadow: theme.customShadows.dropdown,
          borderRadius: Number(theme.shape.borderRadius) * 1.25,
        }),
      },
    },
    MuiMenuItem: {
      styleOverrides: {
        root: ({ theme }) => ({
          ...theme.typography.body2,
          borderRadius: Number(theme.shape.borderRadius) * 0.75,
          padding: theme.spacing(0.75, 1),
        }),
      },
    },
    MuiDialog: {
      styleOverrides: {
        paper: ({ theme }) => ({
          boxShadow: theme.customShadows.dialog,
          borderRadius: Number(theme.shape.borderRadius) * 2,
        }),
      },
    },
    MuiDialogTitle: { styleOverrides: { root: ({ theme }) => ({ padding: theme.spacing(3) }) } },
    MuiDialogActions: {
      styleOverrides: { root: ({ theme }) => ({ padding: theme.spacing(3) }) },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        notchedOutline: ({ theme }) => ({ borderColor: alpha(theme.palette.grey[500], 0.2) }),
      },
    },
    MuiTextField: { defaultProps: { variant: 'outlined' } },
    // The selected tab reads in the text colour (its indicator carries the brand colour): the
    // brand green as small text on white is 3.1:1.
    MuiTab: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-selected': { color: theme.palette.text.primary },
        }),
      },
    },
    MuiTooltip: {
      styleOverrides: {
        tooltip: ({ theme }) => ({
          backgroundColor:
            theme.palette.mode === 'light' ? theme.palette.grey[800] : theme.palette.grey[700],
        }),
        arrow: ({ theme }) => ({
          color: theme.palette.mode === 'light' ? theme.palette.grey[800] : theme.palette.grey[700],
        }),
      },
    },
    MuiTableCell: {
      styleOverrides: {
        head: ({ theme }) => ({
          fontSize: 14,
          color: theme.palette.text.secondary,
          fontWeight: theme.typography.fontWeightMedium,
          backgroundColor: theme.palette.background.neutral,
        }),
      },
    },
    MuiChip: {
      styleOverrides: {
        root: ({ theme }) => ({ borderRadius: theme.shape.borderRadius }),
        filled: ({ theme, ownerState }) =>
          isPaletteColor(ownerState.color)
            ? { backgroundColor: fillShade(theme, ownerState.color) }
            : {},
        outlined: ({ theme, ownerState }) =>
          isPaletteColor(ownerState.color) ? { color: textShade(theme, ownerState.color) } : {},
      },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      styleOverrides: {
        root: ({ theme, ownerState }) =>
          ownerState.color === undefined || isPaletteColor(ownerState.color)
            ? {
                color: textShade(
                  theme,
                  isPaletteColor(ownerState.color) ? ownerState.color : 'primary',
                ),
              }
            : {},
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 'auto' } } },
    // A focused or refused field's label and help text in readable shades (4.5:1).
    MuiFormLabel: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focused': { color: textShade(theme, 'primary') },
          '&.Mui-error': { color: textShade(theme, 'error') },
        }),
      },
    },
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-error': { color: textShade(theme, 'error') } }),
      },
    },
    // Initials and the "+3" of avatar groups: white on a grey that holds 4.5:1.
    MuiAvatar: {
      styleOverrides: {
        colorDefault: ({ theme }) => ({
          color: theme.palette.common.white,
          backgroundColor: theme.palette.grey[600],
        }),
      },
    },
    MuiBackdrop: {
      styleOverrides: {
        root: ({ theme }) => ({ backgroundColor: alpha(theme.palette.grey[900], 0.8) }),
        invisible: { background: 'transparent' },
      },
    },
    MuiAccordion: {
      styleOverrides: {
        root: ({ theme }) => ({
          backgroundColor: 'transparent',
          '&.Mui-expanded': {
            boxShadow: theme.customShadows.z8,
            borderRadius: theme.shape.borderRadius,
            backgroundColor: theme.palette.background.paper,
          },
          '&::before': { display: 'none' },
        }),
      },
    },
    MuiAlert: {
      styleOverrides: { root: ({ theme }) => ({ borderRadius: theme.shape.borderRadius }) },
    },
    MuiSkeleton: { defaultProps: { animation: 'wave' } },
  };
}
