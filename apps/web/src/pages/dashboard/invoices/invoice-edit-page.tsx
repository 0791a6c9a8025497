import { useParams } from 'react-router';

import { LocaleArea } from '../../../locales/locale-area';
import { InvoiceEditView } from '../../../sections/invoices/invoice-edit-view';

/** /dashboard/invoice/:id/edit — a draft's form (an issued invoice is frozen). */
export function Component() {
  const id = useParams().id ?? '';
  return (
    <LocaleArea area="invoices">
      <InvoiceEditView key={id} id={id} />
    </LocaleArea>
  );
}
