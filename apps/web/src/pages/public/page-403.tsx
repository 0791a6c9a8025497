import { useTranslation } from 'react-i18next';

import { ForbiddenIllustration } from '../../components/illustrations/illustrations';
import { paths } from '../../routes/paths';
import { ErrorView } from '../../sections/error/error-view';

/** /403 */
export function Component() {
  const { t } = useTranslation();
  return (
    <ErrorView
      testId="error-403"
      title={t('public.error403.title')}
      description={t('public.error403.description')}
      illustration={<ForbiddenIllustration sx={{ my: { xs: 5, sm: 8 }, maxWidth: 320 }} />}
      actionLabel={t('common.goHome')}
      actionHref={paths.root}
    />
  );
}
