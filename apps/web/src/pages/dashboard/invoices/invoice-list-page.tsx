import { LocaleArea } from '../../../locales/locale-area';
import { InvoiceListView } from '../../../sections/invoices/invoice-list-view';

/** /dashboard/invoice/list — people whose role grants invoices:read. */
export function Component() {
  return (
    <LocaleArea area="invoices">
      <InvoiceListView />
    </LocaleArea>
  );
}
