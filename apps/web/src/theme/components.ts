import { alpha } from '@mui/material/styles';
import type { Components, Theme } from '@mui/material/styles';

import type { ThemeContrast } from './types';

/** Per-component overrides: the look of the kit lives here, not in each screen. */
export function createComponents(contrast: ThemeContrast): Components<Theme> {
  return {
    MuiCssBaseline: {
      styleOverrides: (theme) => ({
        '*': { boxSizing: 'border-box' },
        html: { height: '100%', WebkitOverflowScrolling: 'touch' },
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
      styleOverrides: { root: ({ theme }) => ({ borderRadius: theme.shape.borderRadius }) },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 'auto' } } },
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
