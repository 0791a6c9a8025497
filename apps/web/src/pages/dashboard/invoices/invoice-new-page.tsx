import { LocaleArea } from '../../../locales/locale-area';
import { InvoiceEditView } from '../../../sections/invoices/invoice-edit-view';

/** /dashboard/invoice/new — people whose role grants invoices:write. */
export function Component() {
  return (
    <LocaleArea area="invoices">
      <InvoiceEditView />
    </LocaleArea>
  );
}
