import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { paths } from '../../routes/paths';

/** Greeting, and where to find help: the user guide and the changelog (the API reference is in the menu). */
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
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.help} variant="contained" size="small">
          {t('nav.userGuide')}
        </Button>
        <Button
          component={RouterLink}
          to={paths.changelog}
          variant="outlined"
          color="inherit"
          size="small"
        >
          {t('nav.changelog')}
        </Button>
      </Box>
    </Box>
  );
}
