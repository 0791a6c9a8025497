import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ConstructionIllustration } from '../../components/illustrations/illustrations';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { paths } from '../../routes/paths';

/** Stand-in for an auth screen another engineer is building; the route already exists. */
export function AuthPlaceholderView({ title }: { title: string }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Box sx={{ textAlign: 'center' }} data-testid="screen-placeholder">
      <ConstructionIllustration sx={{ maxWidth: 220, mb: 3 }} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {t('placeholder.description', { screen: title })}
      </Typography>
      <Button component={Link} to={paths.auth.login} variant="contained" color="inherit">
        {t('auth.backToLogin')}
      </Button>
    </Box>
  );
}
