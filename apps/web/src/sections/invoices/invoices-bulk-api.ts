import type { InvoiceBulkStatusAnswer, InvoiceBulkStatusBody } from '@bo/contract/invoices-bulk';
import { INVOICES_BULK_API } from '@bo/contract/invoices-bulk';

import { api } from '../../store/api';

/**
 * The list's bulk status change, apart from `invoices-api.ts` so the invoice form (the largest
 * page) does not carry it.
 */
const invoiceBulkApi = api.enhanceEndpoints({ addTagTypes: ['Invoice'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Several invoices marked paid or cancelled; those refused come back named with why. */
    bulkInvoiceStatus: build.mutation<InvoiceBulkStatusAnswer, InvoiceBulkStatusBody>({
      query: (body) => ({ url: INVOICES_BULK_API.bulkStatus, method: 'POST', body }),
      invalidatesTags: ['Invoice'],
    }),
  }),
});

export const { useBulkInvoiceStatusMutation } = invoiceBulkApi;
