import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';

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

/** What the server refused, above the fields. */
export function AuthServerError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 3 }} role="alert" data-testid={testId}>
      {message}
    </Alert>
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
