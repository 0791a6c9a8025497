import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';

import { textShade } from '../../theme/components';

/**
 * The account pages' links: plain styled app links (MUI's Link would add ~1 KiB to pages with
 * the tightest budget), in the theme's readable shade (the main green reads 3.1:1 on white).
 */
export const authLinkSx = {
  color: (theme: Theme) => textShade(theme, 'primary'),
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
} as const;

/** A quiet link under a form (back to sign-in, later): the body text's colour, centred. */
export const authBackLinkSx = {
  ...authLinkSx,
  color: 'text.primary',
  typography: 'subtitle2',
  alignSelf: 'center',
} as const;

/** The head of a code or password form: a large icon, the page's heading and a line under it. */
export function AuthFormHead({
  id,
  icon: Icon,
  title,
  intro,
}: {
  /** The heading's id, which names the form (`aria-labelledby`). */
  id: string;
  icon: ComponentType<SvgIconProps>;
  title: string;
  intro: string;
}) {
  return (
    <Box sx={{ textAlign: 'center', mb: 4 }}>
      <Icon sx={{ fontSize: 72, color: 'primary.main', mb: 2 }} aria-hidden />
      <Typography id={id} variant="h5" component="h1">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {intro}
      </Typography>
    </Box>
  );
}

/** What the server refused, above the fields (drawn like MUI's filled-in alert, lighter). */
export function AuthServerError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <Box
      role="alert"
      data-testid={testId}
      sx={(theme) => ({
        mb: 3,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        typography: 'body2',
        fontWeight: 500,
        color: theme.palette.mode === 'light' ? 'error.darker' : 'error.lighter',
        bgcolor: alpha(theme.palette.error.main, 0.16),
      })}
    >
      {message}
    </Box>
  );
}

/** The form's one wide submit button, busy (and saying so) while the call runs. */
export function AuthSubmitButton({
  busy,
  testId,
  children,
}: {
  busy: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      size="large"
      variant="contained"
      color="inherit"
      fullWidth
      disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
