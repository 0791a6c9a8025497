import type {
  AddressBookEntry,
  CreateInvoiceBody,
  Invoice,
  InvoiceListQuery,
  InvoicesAnswer,
  PartyInput,
  PatchInvoiceBody,
  PaymentBody,
  RemindersAnswer,
} from '@bo/contract/invoices';
import { INVOICES_API } from '@bo/contract/invoices';
import { useEffect } from 'react';

import { fetchFile } from '../../lib/fetch-file';
import { http, queryOf } from '../../lib/http';
import { saveBlob } from '../../lib/save-blob';
import { api } from '../../store/api';

export { saveBlob };

const clean = queryOf;

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
      query: () => INVOICES_API.services,
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
    sendReminders: build.mutation<RemindersAnswer, void>({
      query: () => ({ url: INVOICES_API.reminders, method: 'POST', body: {} }),
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
  useSendRemindersMutation,
  useRecordPaymentMutation,
  useCancelInvoiceMutation,
  useDuplicateInvoiceMutation,
} = invoiceApi;

export const fetchInvoicePdf = (id: string, lang: string, format: 'pdf' | 'facturx' = 'pdf') =>
  fetchFile(INVOICES_API.pdf(id), { query: { lang, format } });

export const fetchInvoiceUbl = (id: string) => fetchFile(INVOICES_API.ubl(id));

/** The chosen invoices' PDFs in one zip, saved as a file. */
export async function downloadInvoicesZip(ids: string[], lang: string) {
  const blob = await fetchFile(INVOICES_API.pdfZip, { body: { ids, lang } });
  saveBlob(blob, `invoices-${new Date().toISOString().slice(0, 10)}.zip`);
}

/** The filtered list as CSV, saved as a file. */
export async function downloadInvoicesCsv(args: InvoiceListQuery) {
  const { cursor: _cursor, limit: _limit, ...filters } = args;
  const text = await http<string>(INVOICES_API.exportCsv, { query: clean(filters) });
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), 'invoices.csv');
}

/** How often an open editor asks the server to keep the PDF renderer ready (it idles out at 60 s). */
const WARM_EVERY_MS = 45_000;

/**
 * While the screen using it is open, keeps the server's PDF renderer ready, so the first "Save
 * and send" does not wait for it to start (a cold start is seconds; a warm send well under one).
 * Best effort: a refusal or a network error changes nothing for the person.
 */
export function useWarmInvoiceRenderer(enabled = true) {
  useEffect(() => {
    if (!enabled) return undefined;
    const warm = () => void http(INVOICES_API.warmUp, { method: 'POST' }).catch(() => undefined);
    warm();
    const timer = window.setInterval(warm, WARM_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [enabled]);
}
