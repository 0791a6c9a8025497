import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { paths } from '../../routes/paths';
import { useProductQuery } from './ecommerce-api';
import { ProductForm } from './product-form';

/** New when `name` is absent, edit otherwise: the same form either way. */
export function ProductEditView({ name }: { name?: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useProductQuery(name ?? '', { skip: !name });
  const title = name ? t('ecommerce.form.editTitle') : t('ecommerce.form.newTitle');
  return (
    <Container maxWidth="lg">
      <PageHeader
        title={title}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.eCommerce'), href: paths.dashboard.eCommerce.list },
          { name: name ? (data?.product.name ?? name) : t('ecommerce.form.newTitle') },
        ]}
      />
      {!name ? (
        <ProductForm />
      ) : isLoading ? (
        <Skeleton variant="rounded" height={480} />
      ) : data ? (
        <ProductForm key={data.product.id} product={data.product} />
      ) : (
        <EmptyContent title={t('ecommerce.product.notFound')} />
      )}
    </Container>
  );
}
