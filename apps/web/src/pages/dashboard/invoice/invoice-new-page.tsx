import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { InvoiceEditView } from '../../../sections/invoice/invoice-edit-view';

/** /dashboard/invoice/new — people whose role grants invoices:write. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['invoices:write']}>
      <LocaleArea area="invoice">
        <InvoiceEditView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
