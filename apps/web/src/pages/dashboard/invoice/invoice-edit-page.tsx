import { useParams } from 'react-router';

import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { InvoiceEditView } from '../../../sections/invoice/invoice-edit-view';

/** /dashboard/invoice/:id/edit — a draft's form (an issued invoice is frozen). */
export function Component() {
  const id = useParams().id ?? '';
  return (
    <RoleBasedGuard permissions={['invoices:write']}>
      <LocaleArea area="invoice">
        <InvoiceEditView key={id} id={id} />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
