import { LocaleArea } from '../../../locales/locale-area';
import { InvoiceListView } from '../../../sections/invoice/invoice-list-view';

/** /dashboard/invoice/list — people whose role grants invoices:read. */
export function Component() {
  return (
    <LocaleArea area="invoice">
      <InvoiceListView />
    </LocaleArea>
  );
}
