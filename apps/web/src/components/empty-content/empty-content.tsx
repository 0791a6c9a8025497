import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { EmptyIllustration } from '../illustrations/illustrations';

type Props = { title: string; description?: string; action?: ReactNode; sx?: SxProps<Theme> };

export function EmptyContent({ title, description, action, sx }: Props) {
  return (
    <Box
      sx={{
        py: 5,
        px: 3,
        display: 'flex',
        alignItems: 'center',
        flexDirection: 'column',
        textAlign: 'center',
        ...sx,
      }}
    >
      <EmptyIllustration sx={{ mb: 1 }} />
      <Typography variant="subtitle1" sx={{ color: 'text.disabled' }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="caption" sx={{ mt: 0.5, color: 'text.disabled' }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
