import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

import { ForbiddenIllustration } from '../../components/illustrations/illustrations';
import { PageHeader } from '../../components/page-header/page-header';
import { paths } from '../../routes/paths';
import { ErrorView } from '../../sections/error/error-view';

/** /dashboard/permission-denied — where the role guard sends people without access. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('nav.permissionDenied')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.permissionDenied') },
        ]}
      />
      <Box sx={{ textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
        <ErrorView
          testId="permission-denied"
          title={t('public.error403.title')}
          description={t('public.error403.description')}
          illustration={<ForbiddenIllustration sx={{ my: 5, maxWidth: 280 }} />}
          actionLabel={t('common.goHome')}
          actionHref={paths.dashboard.root}
        />
      </Box>
    </>
  );
}
