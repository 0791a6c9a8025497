import type {
  BankAccount,
  BankTransaction,
  BankTransactionsQuery,
  BankTransfer,
  TransferBody,
} from '@bo/contract/banking';
import { BANKING_API } from '@bo/contract/banking';

import { queryOf } from '../../lib/http';
import { api } from '../../store/api';
import { DASHBOARD_TAG } from './dashboards-api';

type Contact = { id: string; name: string; email: string; avatarUrl: string | null };

const bankingApi = api
  .enhanceEndpoints({ addTagTypes: ['BankAccount', 'BankTransaction', DASHBOARD_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      bankAccounts: build.query<BankAccount[], void>({
        query: () => BANKING_API.accounts,
        transformResponse: (a: { accounts: BankAccount[] }) => a.accounts,
        providesTags: ['BankAccount'],
      }),
      bankTransactions: build.query<
        { transactions: BankTransaction[]; nextCursor: string | null },
        BankTransactionsQuery
      >({
        query: (q) => ({ url: BANKING_API.transactions, query: queryOf(q) }),
        providesTags: ['BankTransaction'],
      }),
      bankContacts: build.query<Contact[], string>({
        query: (q) => ({ url: BANKING_API.contacts, query: queryOf({ q }) }),
        transformResponse: (a: { contacts: Contact[] }) => a.contacts,
      }),
      transfer: build.mutation<{ transfer: BankTransfer }, TransferBody>({
        query: (body) => ({ url: BANKING_API.transfers, method: 'POST', body }),
        invalidatesTags: ['BankAccount', 'BankTransaction', { type: DASHBOARD_TAG, id: 'banking' }],
      }),
    }),
  });

export const {
  useBankAccountsQuery,
  useBankTransactionsQuery,
  useBankContactsQuery,
  useTransferMutation,
} = bankingApi;
export type { Contact };
