import { useTranslation } from 'react-i18next';

import { ComingSoonPlaceholder } from '../../../components/placeholder/coming-soon-placeholder';
import { paths } from '../../../routes/paths';

/** /dashboard/file — placeholder until this screen is built; replace this file with the real page. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ComingSoonPlaceholder
      title={t('nav.file')}
      backHref={paths.dashboard.root}
      crumbs={[{ name: t('nav.dashboard'), href: paths.dashboard.root }, { name: t('nav.file') }]}
    />
  );
}
