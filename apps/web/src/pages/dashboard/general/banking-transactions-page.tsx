import { LocaleArea } from '../../../locales/locale-area';
import { BankTransactionsView } from '../../../sections/dashboards/bank-transactions-view';

/** /dashboard/banking/transactions — the ledger, for people whose role grants dashboards:banking. */
export function Component() {
  return (
    <LocaleArea area="dashboards">
      <BankTransactionsView />
    </LocaleArea>
  );
}
