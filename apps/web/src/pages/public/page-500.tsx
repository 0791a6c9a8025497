import { useTranslation } from 'react-i18next';

import { ServerErrorIllustration } from '../../components/illustrations/illustrations';
import { paths } from '../../routes/paths';
import { ErrorView } from '../../sections/error/error-view';

/** /500 */
export function Component() {
  const { t } = useTranslation();
  return (
    <ErrorView
      testId="error-500"
      title={t('public.error500.title')}
      description={t('public.error500.description')}
      illustration={<ServerErrorIllustration sx={{ my: { xs: 5, sm: 8 }, maxWidth: 320 }} />}
      actionLabel={t('common.goHome')}
      actionHref={paths.root}
    />
  );
}
