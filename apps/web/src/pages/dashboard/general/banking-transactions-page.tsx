import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { BankTransactionsView } from '../../../sections/dashboards/bank-transactions-view';

/** /dashboard/banking/transactions — the ledger, for people whose role grants dashboards:banking. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['dashboards:banking']}>
      <LocaleArea area="dashboards">
        <BankTransactionsView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
