import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { ServerErrorIllustration } from '../components/illustrations/illustrations';

/**
 * Last resort for a render or chunk-load failure. A failed chunk usually means a new version was
 * deployed while the tab was open, so reloading is the fix offered.
 */
export function RouteErrorView() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 3,
      }}
    >
      <ServerErrorIllustration sx={{ maxWidth: 280, mb: 3 }} />
      <Typography variant="h3" component="h1" gutterBottom>
        {status === 404 ? t('public.error404.title') : t('public.error500.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4, maxWidth: 480 }}>
        {t('public.error500.description')}
      </Typography>
      <Button
        variant="contained"
        color="inherit"
        size="large"
        onClick={() => window.location.reload()}
      >
        {t('common.reload')}
      </Button>
    </Box>
  );
}
