import type {
  AddressBookEntry,
  CreateInvoiceBody,
  Invoice,
  InvoiceListQuery,
  InvoicesAnswer,
  PartyInput,
  PatchInvoiceBody,
  PaymentBody,
} from '@bo/contract/invoices';
import { INVOICES_API } from '@bo/contract/invoices';

import { buildUrl, getHttpToken, http } from '../../lib/http';
import { api } from '../../store/api';

type Query = Record<string, string | number | undefined>;

const clean = (args: object): Query =>
  Object.fromEntries(
    Object.entries(args).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Query;

type One = { invoice: Invoice };

const invoiceApi = api.enhanceEndpoints({ addTagTypes: ['Invoice', 'Party'] }).injectEndpoints({
  endpoints: (build) => ({
    invoices: build.query<InvoicesAnswer, InvoiceListQuery>({
      query: (args) => ({ url: INVOICES_API.list, query: clean(args) }),
      providesTags: ['Invoice'],
    }),
    invoice: build.query<One, string>({
      query: (id) => INVOICES_API.one(id),
      providesTags: ['Invoice'],
    }),
    invoiceServices: build.query<{ services: string[] }, void>({
      query: () => '/api/invoices/services',
      providesTags: ['Invoice'],
    }),
    parties: build.query<
      { parties: AddressBookEntry[] },
      { kind?: 'company' | 'customer'; q?: string }
    >({
      query: (args) => ({ url: INVOICES_API.parties, query: clean({ ...args, limit: 100 }) }),
      providesTags: ['Party'],
    }),
    createParty: build.mutation<
      { party: AddressBookEntry },
      PartyInput & { kind: 'company' | 'customer' }
    >({
      query: (body) => ({ url: INVOICES_API.parties, method: 'POST', body }),
      invalidatesTags: ['Party'],
    }),
    createInvoice: build.mutation<One, CreateInvoiceBody>({
      query: (body) => ({ url: INVOICES_API.list, method: 'POST', body }),
      invalidatesTags: ['Invoice'],
    }),
    updateInvoice: build.mutation<One, { id: string; body: PatchInvoiceBody }>({
      query: ({ id, body }) => ({ url: INVOICES_API.one(id), method: 'PATCH', body }),
      invalidatesTags: ['Invoice'],
    }),
    deleteInvoice: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: INVOICES_API.one(id), method: 'DELETE' }),
      invalidatesTags: ['Invoice'],
    }),
    sendInvoice: build.mutation<One, { id: string; to?: string; message?: string }>({
      query: ({ id, ...body }) => ({ url: INVOICES_API.send(id), method: 'POST', body }),
      invalidatesTags: ['Invoice'],
    }),
    recordPayment: build.mutation<One, { id: string; body: PaymentBody }>({
      query: ({ id, body }) => ({ url: INVOICES_API.payments(id), method: 'POST', body }),
      invalidatesTags: ['Invoice'],
    }),
    cancelInvoice: build.mutation<One, string>({
      query: (id) => ({ url: INVOICES_API.cancel(id), method: 'POST' }),
      invalidatesTags: ['Invoice'],
    }),
    duplicateInvoice: build.mutation<One, string>({
      query: (id) => ({ url: INVOICES_API.duplicate(id), method: 'POST' }),
      invalidatesTags: ['Invoice'],
    }),
  }),
});

export const {
  useInvoicesQuery,
  useInvoiceQuery,
  useInvoiceServicesQuery,
  usePartiesQuery,
  useCreatePartyMutation,
  useCreateInvoiceMutation,
  useUpdateInvoiceMutation,
  useDeleteInvoiceMutation,
  useSendInvoiceMutation,
  useRecordPaymentMutation,
  useCancelInvoiceMutation,
  useDuplicateInvoiceMutation,
} = invoiceApi;

/** The PDF's bytes, fetched with the bearer header (a plain link would carry none). */
export async function fetchInvoicePdf(id: string, lang: string): Promise<Blob> {
  const token = getHttpToken();
  const response = await fetch(buildUrl(INVOICES_API.pdf(id), { lang }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw { message: 'Something went wrong', status: response.status };
  return response.blob();
}

/** The filtered list as CSV, saved as a file. */
export async function downloadInvoicesCsv(args: InvoiceListQuery) {
  const { cursor: _cursor, limit: _limit, ...filters } = args;
  const text = await http<string>(INVOICES_API.exportCsv, { query: clean(filters) });
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), 'invoices.csv');
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
