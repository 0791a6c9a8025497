import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { paths } from '../../routes/paths';
import { useInvoiceQuery } from './invoices-api';
import { InvoiceForm } from './invoice-form';

/** New invoice (no id) or a draft's edit form. */
export function InvoiceEditView({ id }: { id?: string }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useInvoiceQuery(id ?? '', { skip: !id });
  const title = id ? t('pages.invoiceEdit') : t('pages.invoiceNew');
  const invoice = data?.invoice;
  return (
    <Container maxWidth="lg">
      <PageHeader
        title={title}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.invoice'), href: paths.dashboard.invoice.list },
          { name: id ? (invoice?.invoiceNumber ?? t('invoice.status.draft')) : t('nav.create') },
        ]}
      />
      {!id && <InvoiceForm />}
      {id && isLoading && <Skeleton variant="rounded" height={560} />}
      {id && error && !invoice && <EmptyContent title={t('invoice.details.notFound')} />}
      {invoice && invoice.status !== 'draft' && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.dashboard.invoice.details(invoice.id)}>
              {t('invoice.form.backToInvoice')}
            </Button>
          }
        >
          {t('invoice.errors.invoice_frozen')}
        </Alert>
      )}
      {invoice && invoice.status === 'draft' && <InvoiceForm invoice={invoice} />}
    </Container>
  );
}
