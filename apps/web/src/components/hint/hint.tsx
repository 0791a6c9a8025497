import Box from '@mui/material/Box';
import { useId } from 'react';
import type { ReactElement, ReactNode } from 'react';

type Props = { title: string; children: ReactElement | ReactNode; placement?: 'top' | 'bottom' };

/**
 * A CSS-only tooltip for the screens that must stay light (sign-in and its header): MUI's
 * Tooltip brings Popper along (~11 KiB gzip). Shows on hover and on keyboard focus, and is
 * announced through aria-describedby.
 */
export function Hint({ title, children, placement = 'bottom' }: Props) {
  const id = useId();
  return (
    <Box
      component="span"
      aria-describedby={id}
      sx={{
        position: 'relative',
        display: 'inline-flex',
        '&:hover > [role=tooltip], &:focus-within > [role=tooltip]': {
          opacity: 1,
          visibility: 'visible',
        },
      }}
    >
      {children}
      <Box
        component="span"
        role="tooltip"
        id={id}
        sx={(theme) => ({
          position: 'absolute',
          left: '50%',
          transform: 'translateX(-50%)',
          ...(placement === 'bottom'
            ? { top: 'calc(100% + 6px)' }
            : { bottom: 'calc(100% + 6px)' }),
          zIndex: theme.zIndex.tooltip,
          px: 1,
          py: 0.5,
          borderRadius: 0.75,
          typography: 'caption',
          fontWeight: 500,
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          color: theme.palette.common.white,
          bgcolor:
            theme.palette.mode === 'light' ? theme.palette.grey[800] : theme.palette.grey[700],
          opacity: 0,
          visibility: 'hidden',
          transition: 'opacity 150ms',
        })}
      >
        {title}
      </Box>
    </Box>
  );
}
