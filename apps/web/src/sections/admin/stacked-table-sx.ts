import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Below 600 px a wide table becomes one block per row, each cell led by its column name
 * (`data-label`), so a phone reads every column without scrolling sideways.
 */
export function stackedTableSx(minWidth: number): SxProps<Theme> {
  return (theme) => ({
    minWidth,
    [theme.breakpoints.down('sm')]: {
      minWidth: 0,
      '& thead': { display: 'none' },
      '& tbody tr': {
        display: 'block',
        py: 1,
        borderBottom: `1px solid ${theme.palette.divider}`,
      },
      '& tbody td': {
        display: 'flex',
        gap: 2,
        alignItems: 'baseline',
        border: 0,
        py: 0.5,
        maxWidth: 'none',
        minWidth: 0,
      },
      '& tbody td[data-label]::before': {
        content: 'attr(data-label)',
        flex: '0 0 88px',
        ...theme.typography.caption,
        color: theme.palette.text.secondary,
      },
    },
  });
}
