import { useParams } from 'react-router';

import { LocaleArea } from '../../../locales/locale-area';
import { InvoiceDetailsView } from '../../../sections/invoices/invoice-details-view';

/** /dashboard/invoice/:id — the invoice as it prints, with its actions. */
export function Component() {
  const id = useParams().id ?? '';
  return (
    <LocaleArea area="invoices">
      <InvoiceDetailsView key={id} id={id} />
    </LocaleArea>
  );
}
