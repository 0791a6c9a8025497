import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { InvoiceListView } from '../../../sections/invoice/invoice-list-view';

/** /dashboard/invoice/list — people whose role grants invoices:read. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['invoices:read']}>
      <LocaleArea area="invoice">
        <InvoiceListView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
