import { useTranslation } from 'react-i18next';

import { NotFoundIllustration } from '../../components/illustrations/illustrations';
import { paths } from '../../routes/paths';
import { ErrorView } from '../../sections/error/error-view';

/** /404, and every unknown address. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ErrorView
      testId="error-404"
      title={t('public.error404.title')}
      description={t('public.error404.description')}
      illustration={<NotFoundIllustration sx={{ my: { xs: 5, sm: 8 }, maxWidth: 320 }} />}
      actionLabel={t('common.goHome')}
      actionHref={paths.root}
    />
  );
}
