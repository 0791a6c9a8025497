import { FormatFactoryService, invoiceSchema, type Invoice as EInvoice } from '@e-invoice-eu/core';
import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019.js';
import { taxesByRate, type Invoice, type Party } from '@bo/contract/invoices';
import { assertEInvoiceReady } from './einvoice-ready.js';

/**
 * The invoice as an EN 16931 e-invoice: UBL 2.1 XML (`/ubl`) and Factur-X (the PDF with the
 * CII XML embedded, `/pdf?format=facturx`). The XML is written by `@e-invoice-eu/core` from its
 * JSON form of the UBL document (it checks that form against its EN 16931 schema before writing);
 * this file only maps our invoice onto it.
 *
 * Mapping choices:
 * - a credit note is type 381 with its amounts positive and a reference to the invoice it
 *   cancels (we store credit notes negated; the standard wants the sign in the type);
 * - a line's tax category is S (standard) at its rate, or Z (zero rated) at 0 %;
 * - our discount is shared across lines before tax, so it becomes one document allowance per
 *   tax rate (the shares of that rate's lines), keeping each rate's taxable amount exact;
 * - shipping is untaxed here, so it is a document charge in category Z;
 * - each category's tax is the sum of its lines' taxes (the invoice rounds per line), so the
 *   XML's totals are the cents of the PDF and of the API.
 */

export { assertEInvoiceReady };

const quiet = { log: () => {}, warn: () => {}, error: () => {} };
const formats = new FormatFactoryService();

/**
 * The library's own check of its JSON form, compiled once per format. (`InvoiceService.generate`
 * compiles the whole EN 16931 schema on every call: ~140 ms and much memory per document. This
 * does what it does, with the compiled check kept.)
 */
const validators = new Map<string, ValidateFunction>();
function validatorFor(
  format: string,
  formatter: ReturnType<FormatFactoryService['createFormatService']>,
) {
  let validate = validators.get(format);
  if (!validate) {
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    validators.set(format, validate);
  }
  return validate;
}

type Currency = EInvoice['ubl:Invoice']['cbc:DocumentCurrencyCode'];
type UblParty = EInvoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party'];
type UblLine = EInvoice['ubl:Invoice']['cac:InvoiceLine'][number];
type TaxSubtotal = NonNullable<
  EInvoice['ubl:Invoice']['cac:TaxTotal'][0]['cac:TaxSubtotal']
>[number];
type AllowanceCharge = NonNullable<EInvoice['ubl:Invoice']['cac:AllowanceCharge']>[number];

/** Integer cents as the decimal string UBL carries. */
const money = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const rateText = (rate: number) => String(Number(rate.toFixed(2)));
const category = (rate: number) => (rate > 0 ? 'S' : 'Z');

/** The first line of a free-text address as the street, the rest as a further line. */
function postalAddress(party: Party) {
  const parts = party.address
    .split(/\n|,/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    ...(parts[0] ? { 'cbc:StreetName': parts[0] } : {}),
    ...(party.city ? { 'cbc:CityName': party.city } : {}),
    ...(party.postalCode ? { 'cbc:PostalZone': party.postalCode } : {}),
    ...(party.region ? { 'cbc:CountrySubentity': party.region } : {}),
    ...(parts.length > 1 ? { 'cac:AddressLine': { 'cbc:Line': parts.slice(1).join(', ') } } : {}),
    'cac:Country': { 'cbc:IdentificationCode': party.country },
  } as UblParty['cac:PostalAddress'];
}

function ublParty(party: Party, side: 'from' | 'to'): UblParty {
  return {
    'cbc:EndpointID': party.email,
    'cbc:EndpointID@schemeID': 'EM',
    'cac:PartyName': { 'cbc:Name': party.name },
    'cac:PostalAddress': postalAddress(party),
    ...(party.taxId
      ? {
          // The seller may carry two tax schemes, the buyer one.
          'cac:PartyTaxScheme':
            side === 'from'
              ? [{ 'cbc:CompanyID': party.taxId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }]
              : { 'cbc:CompanyID': party.taxId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
        }
      : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': party.name },
    ...(party.email || party.phone
      ? {
          'cac:Contact': {
            ...(party.phone ? { 'cbc:Telephone': party.phone } : {}),
            ...(party.email ? { 'cbc:ElectronicMail': party.email } : {}),
          },
        }
      : {}),
  } as UblParty;
}

/** A quantity as UBL writes it: up to four decimals, no trailing zeros. */
const quantityText = (q: number) => String(Number(q.toFixed(4)));

/** Our invoice in the JSON form of a UBL invoice that `@e-invoice-eu/core` writes. */
export function toEn16931(invoice: Invoice, creditNoteFor?: string | null): EInvoice {
  assertEInvoiceReady(invoice);
  const sign = invoice.kind === 'credit_note' ? -1 : 1;
  const currency = invoice.currency as Currency;
  const amount = (cents: number) => money(sign * cents);
  const lineTotals = invoice.items.map((i) => sign * i.total);
  // Per rate, from the one breakdown the PDF and the details screen show (in positive figures).
  const byRate = new Map<number, { taxable: number; tax: number; discount: number }>();
  for (const at of taxesByRate(invoice)) {
    byRate.set(at.rate, {
      taxable: sign * at.base,
      tax: sign * at.tax,
      discount: sign * at.discount,
    });
  }
  const shipping = sign * invoice.shipping;
  if (shipping !== 0) {
    const zero = byRate.get(0) ?? { taxable: 0, tax: 0, discount: 0 };
    zero.taxable += shipping;
    byRate.set(0, zero);
  }
  const rates = [...byRate.keys()].sort((a, b) => a - b);

  const allowances: AllowanceCharge[] = [];
  for (const rate of rates) {
    const { discount } = byRate.get(rate)!;
    if (discount > 0) {
      allowances.push({
        'cbc:ChargeIndicator': 'false',
        'cbc:AllowanceChargeReason': 'Discount',
        'cbc:Amount': money(discount),
        'cbc:Amount@currencyID': currency,
        'cac:TaxCategory': {
          'cbc:ID': category(rate),
          'cbc:Percent': rateText(rate),
          'cac:TaxScheme': { 'cbc:ID': 'VAT' },
        },
      } as AllowanceCharge);
    }
  }
  if (shipping !== 0) {
    allowances.push({
      'cbc:ChargeIndicator': 'true',
      'cbc:AllowanceChargeReason': 'Shipping',
      'cbc:Amount': money(shipping),
      'cbc:Amount@currencyID': currency,
      'cac:TaxCategory': {
        'cbc:ID': 'Z',
        'cbc:Percent': '0',
        'cac:TaxScheme': { 'cbc:ID': 'VAT' },
      },
    } as AllowanceCharge);
  }

  const subtotals: TaxSubtotal[] = rates.map(
    (rate) =>
      ({
        'cbc:TaxableAmount': money(byRate.get(rate)!.taxable),
        'cbc:TaxableAmount@currencyID': currency,
        'cbc:TaxAmount': money(byRate.get(rate)!.tax),
        'cbc:TaxAmount@currencyID': currency,
        'cac:TaxCategory': {
          'cbc:ID': category(rate),
          'cbc:Percent': rateText(rate),
          'cac:TaxScheme': { 'cbc:ID': 'VAT' },
        },
      }) as TaxSubtotal,
  );

  const lines = invoice.items.map(
    (item, i) =>
      ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': quantityText(Math.abs(item.quantity)),
        'cbc:InvoicedQuantity@unitCode': 'C62',
        'cbc:LineExtensionAmount': money(lineTotals[i]!),
        'cbc:LineExtensionAmount@currencyID': currency,
        'cac:Item': {
          ...(item.description ? { 'cbc:Description': item.description } : {}),
          'cbc:Name': item.title,
          'cac:ClassifiedTaxCategory': {
            'cbc:ID': category(item.taxRate),
            'cbc:Percent': rateText(item.taxRate),
            'cac:TaxScheme': { 'cbc:ID': 'VAT' },
          },
        },
        'cac:Price': {
          'cbc:PriceAmount': money(Math.abs(item.price)),
          'cbc:PriceAmount@currencyID': currency,
        },
      }) as UblLine,
  );

  const taxExclusive = sign * (invoice.subtotal - invoice.discount + invoice.shipping);
  const doc: EInvoice['ubl:Invoice'] = {
    'cbc:ID': invoice.invoiceNumber,
    'cbc:IssueDate': invoice.issueDate,
    ...(invoice.kind === 'invoice' ? { 'cbc:DueDate': invoice.dueDate } : {}),
    'cbc:InvoiceTypeCode': invoice.kind === 'credit_note' ? '381' : '380',
    ...(invoice.notes ? { 'cbc:Note': [invoice.notes] } : {}),
    'cbc:DocumentCurrencyCode': currency,
    ...(creditNoteFor
      ? {
          'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': creditNoteFor } }],
        }
      : {}),
    'cac:AccountingSupplierParty': { 'cac:Party': ublParty(invoice.from, 'from') },
    'cac:AccountingCustomerParty': { 'cac:Party': ublParty(invoice.to, 'to') },
    // We keep no separate supply date: the goods or services are taken as supplied on the issue
    // day (CII, and so Factur-X, requires the delivery group anyway).
    'cac:Delivery': { 'cbc:ActualDeliveryDate': invoice.issueDate },
    ...(invoice.kind === 'invoice'
      ? { 'cac:PaymentTerms': { 'cbc:Note': `Payable by ${invoice.dueDate}` } }
      : {}),
    ...(allowances.length ? { 'cac:AllowanceCharge': allowances } : {}),
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': amount(invoice.taxes),
        'cbc:TaxAmount@currencyID': currency,
        'cac:TaxSubtotal': subtotals,
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(invoice.subtotal),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cbc:TaxExclusiveAmount': money(taxExclusive),
      'cbc:TaxExclusiveAmount@currencyID': currency,
      'cbc:TaxInclusiveAmount': amount(invoice.total),
      'cbc:TaxInclusiveAmount@currencyID': currency,
      ...(invoice.discount
        ? {
            'cbc:AllowanceTotalAmount': amount(invoice.discount),
            'cbc:AllowanceTotalAmount@currencyID': currency,
          }
        : {}),
      ...(invoice.shipping
        ? {
            'cbc:ChargeTotalAmount': amount(invoice.shipping),
            'cbc:ChargeTotalAmount@currencyID': currency,
          }
        : {}),
      ...(invoice.paid
        ? { 'cbc:PrepaidAmount': amount(invoice.paid), 'cbc:PrepaidAmount@currencyID': currency }
        : {}),
      'cbc:PayableAmount': amount(invoice.kind === 'credit_note' ? invoice.total : invoice.balance),
      'cbc:PayableAmount@currencyID': currency,
    },
    'cac:InvoiceLine': lines as EInvoice['ubl:Invoice']['cac:InvoiceLine'],
  } as EInvoice['ubl:Invoice'];
  return { 'ubl:Invoice': doc };
}

/** The library's own check failed: our mapping is wrong, not the client's request. */
class EInvoiceError extends Error {}

async function generate(
  invoice: Invoice,
  creditNoteFor: string | null,
  options: { format: string; lang: string; pdf?: Uint8Array; fileName?: string },
) {
  const data = toEn16931(invoice, creditNoteFor);
  const formatter = formats.createFormatService(options.format, quiet);
  const format = formats.normalizeFormat(options.format);
  const validate = validatorFor(format, formatter);
  if (!validate(data)) {
    throw new EInvoiceError(
      `e-invoice ${format} of ${invoice.invoiceNumber}: ${JSON.stringify(validate.errors)}`,
    );
  }
  formatter.fillInvoiceDefaults(data);
  return formatter.generate(data, {
    format,
    lang: options.lang,
    noWarnings: true,
    ...(options.pdf
      ? {
          pdf: {
            buffer: options.pdf,
            filename: options.fileName ?? 'invoice.pdf',
            mimetype: 'application/pdf',
          },
        }
      : {}),
  });
}

/** UBL 2.1 XML (EN 16931 core, Peppol BIS billing profile). */
export async function renderUbl(invoice: Invoice, creditNoteFor: string | null): Promise<string> {
  const xml = await generate(invoice, creditNoteFor, { format: 'UBL', lang: 'en' });
  return typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
}

/** The PDF as Factur-X (EN 16931 profile): PDF/A-3 with the CII XML embedded as factur-x.xml. */
export async function renderFacturX(
  invoice: Invoice,
  creditNoteFor: string | null,
  pdf: Uint8Array,
  fileName: string,
): Promise<Uint8Array> {
  const out = await generate(invoice, creditNoteFor, {
    format: 'Factur-X-EN16931',
    lang: 'en-us',
    pdf,
    fileName,
  });
  return typeof out === 'string' ? new TextEncoder().encode(out) : out;
}
