import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '../../components/page-header/page-header';
import { paths } from '../../routes/paths';

// MUI X DataGrid is the heaviest piece of this screen (~125 KiB gzip): it loads inside the
// screen, after the frame and the page title, like the calendar and the editor do.
const ProductListScreen = lazy(() =>
  import('./product-list-screen').then((m) => ({ default: m.ProductListScreen })),
);

function ProductListSkeleton() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="xl" aria-busy="true">
      <PageHeader
        title={t('ecommerce.list.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.eCommerce'), href: paths.dashboard.eCommerce.root },
          { name: t('nav.list') },
        ]}
      />
      <Card sx={{ p: 2.5 }}>
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={56} />
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      </Card>
    </Container>
  );
}

export function ProductListView() {
  return (
    <Suspense fallback={<ProductListSkeleton />}>
      <ProductListScreen />
    </Suspense>
  );
}
