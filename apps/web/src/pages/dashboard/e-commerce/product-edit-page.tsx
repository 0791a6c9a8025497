import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { ComingSoonPlaceholder } from '../../../components/placeholder/coming-soon-placeholder';
import { paths } from '../../../routes/paths';

/** /dashboard/e-commerce/product/:name/edit — placeholder until this screen is built; replace this file with the real page. */
export function Component() {
  const { t } = useTranslation();
  const name = useParams().name ?? '';
  return (
    <ComingSoonPlaceholder
      title={t('pages.productEdit')}
      backHref={paths.dashboard.root}
      crumbs={[
        { name: t('nav.dashboard'), href: paths.dashboard.root },
        { name: t('nav.eCommerce'), href: paths.dashboard.eCommerce.list },
        { name: name },
      ]}
    />
  );
}
