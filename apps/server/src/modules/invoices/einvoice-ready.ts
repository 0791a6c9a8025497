import type { Invoice } from '@bo/contract/invoices';
import { fieldError } from '../../lib/http-error.js';

// Apart from einvoice.ts, so the routes can check an invoice without loading the e-invoice
// library (seconds of start-up, paid by every server start and every server test file).

/**
 * What an e-invoice needs that an invoice may lack: a number (not a draft), a line, and for
 * both parties a country and an email (the electronic address). A 409 naming the field otherwise.
 */
export function assertEInvoiceReady(invoice: Invoice): void {
  if (!invoice.invoiceNumber) {
    throw fieldError(
      'status',
      'einvoice_draft',
      'A draft has no number yet: send it before making its e-invoice',
      409,
    );
  }
  if (invoice.items.length === 0) {
    throw fieldError('items', 'einvoice_no_lines', 'An e-invoice needs at least one line', 409);
  }
  for (const side of ['from', 'to'] as const) {
    const party = invoice[side];
    if (!party.country) {
      throw fieldError(
        `${side}.country`,
        'einvoice_country_required',
        'An e-invoice needs the country of both parties: add it to the address book entry',
        409,
      );
    }
    if (!party.email) {
      throw fieldError(
        `${side}.email`,
        'einvoice_email_required',
        'An e-invoice needs an electronic address (email) for both parties',
        409,
      );
    }
  }
}
