import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { MaintenanceIllustration } from '../../components/illustrations/illustrations';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { paths } from '../../routes/paths';

export function MaintenanceView() {
  const { t } = useTranslation();
  usePageTitle(t('public.maintenance.title'));
  return (
    <>
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('public.maintenance.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('public.maintenance.subtitle')}</Typography>
      <MaintenanceIllustration sx={{ my: { xs: 5, sm: 8 }, maxWidth: 300 }} />
      <Button component={Link} to={paths.root} size="large" variant="contained" color="inherit">
        {t('common.goHome')}
      </Button>
    </>
  );
}
