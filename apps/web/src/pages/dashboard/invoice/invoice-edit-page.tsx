import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { ComingSoonPlaceholder } from '../../../components/placeholder/coming-soon-placeholder';
import { paths } from '../../../routes/paths';

/** /dashboard/invoice/:id/edit — placeholder until this screen is built; replace this file with the real page. */
export function Component() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  return (
    <ComingSoonPlaceholder
      title={t('pages.invoiceEdit')}
      backHref={paths.dashboard.root}
      crumbs={[
        { name: t('nav.dashboard'), href: paths.dashboard.root },
        { name: t('nav.invoice'), href: paths.dashboard.invoice.list },
        { name: id },
      ]}
    />
  );
}
