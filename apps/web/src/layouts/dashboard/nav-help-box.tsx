import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { paths } from '../../routes/paths';

/** Greeting and the documentation help text; docs are the API reference our own server serves. */
export function NavHelpBox() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const name = user?.firstName || user?.displayName || '';
  return (
    <Box sx={{ px: 2, py: 4, textAlign: 'center' }}>
      <Typography variant="subtitle2" noWrap>
        {t('nav.greeting', { name })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {t('nav.needHelp')}
        <br />
        {t('nav.seeDocumentation')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
        <Button variant="contained" size="small" href={paths.docs} target="_blank" rel="noopener">
          {t('nav.documentation')}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          href={paths.changelog}
          target="_blank"
          rel="noopener"
        >
          {t('nav.changelog')}
        </Button>
      </Box>
    </Box>
  );
}
