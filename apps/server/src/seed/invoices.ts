import { computeInvoice, formatInvoiceNumber } from '@bo/contract/invoices';
import type { SeedStep } from './index.js';
import { KIND, lit } from './sql-gen.js';
import { COMPANIES, PLACES } from './vocab.js';

/** What the demo company sells: title, service, unit price in cents, tax rate. */
const CATALOGUE: Array<[string, string, number, number]> = [
  ['Website redesign', 'Design', 480000, 20],
  ['Logo and brand guide', 'Design', 150000, 20],
  ['UX audit', 'Consulting', 90000, 20],
  ['Workshop day', 'Consulting', 120000, 20],
  ['Hosting (monthly)', 'Hosting', 4900, 20],
  ['Managed database (monthly)', 'Hosting', 12900, 20],
  ['Support hours', 'Support', 8500, 20],
  ['Priority support plan', 'Support', 39900, 20],
  ['Mobile app sprint', 'Development', 640000, 20],
  ['API integration', 'Development', 210000, 20],
  ['Training e-book', 'Training', 2900, 5.5],
  ['Online course seat', 'Training', 19900, 10],
];

/** Customers a demo shows in every language we ship, before the generated ones. */
const NAMED_CUSTOMERS: Array<[string, string, string, string]> = [
  [
    'Công ty TNHH Ánh Dương',
    'ketoan@anhduong.vn',
    '12 Đường Lê Lợi, Quận 1, TP. Hồ Chí Minh',
    'VN',
  ],
  ['شركة الأمل للتجارة', 'accounts@alamal.sa', 'طريق الملك فهد، الرياض', 'SA'],
  ['上海星辰科技有限公司', 'finance@xingchen.cn', '上海市 南京路 200号', 'CN'],
  ['Boulangerie Martin SARL', 'compta@martin.fr', '8 rue de Rivoli, 75004 Paris', 'FR'],
];

const COUNTRY_CODES: Record<string, string> = {
  'United States': 'US',
  France: 'FR',
  Vietnam: 'VN',
  China: 'CN',
};

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Invoices in every state: drafts, sent and not yet due, overdue, paid in one or several
 * payments, drafts cancelled before they were sent. Amounts come from the same computeInvoice the
 * server uses, and numbers are consecutive per year as the server gives them. At benchmark
 * volumes the rows are written in chunks with the summary trigger off, then summed once.
 */
export const invoiceSeedStep: SeedStep = {
  name: 'invoices',
  async run({ exec, gen, counts, random, now }) {
    const total = counts.invoices;
    if (total === 0) return;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;

    // The address book: the company, the named customers, then generated ones.
    const company = {
      name: 'Minimal Studio Ltd',
      email: 'billing@minimal-studio.test',
      phone: '+44 20 7946 0958',
      address: '221B Baker Street, London NW1 6XE',
      country: 'GB',
      taxId: 'GB123456789',
    };
    const customers: Array<{
      id: string;
      name: string;
      email: string;
      phone: string;
      address: string;
      country: string;
      taxId: string;
    }> = [];
    const customerCount = Math.min(200, Math.max(12, Math.round(total / 4)));
    for (let i = 0; i < customerCount; i++) {
      const named = NAMED_CUSTOMERS[i];
      const place = PLACES[i % PLACES.length]!;
      const name = named ? named[0] : COMPANIES[i % COMPANIES.length]!;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '') || `customer${i}`;
      customers.push({
        id: gen.uidJs(KIND.invoiceParty, i + 2),
        name: i >= COMPANIES.length ? `${name} ${Math.floor(i / COMPANIES.length) + 1}` : name,
        email: named ? named[1] : `billing${i}@${slug.slice(0, 20)}.test`,
        phone: `${place[5]} ${String(1000000 + i * 7919).slice(-7)}`,
        address: named ? named[2] : `${10 + (i % 90)} ${place[3]}, ${place[2]}`,
        country: named ? named[3] : (COUNTRY_CODES[place[0]] ?? ''),
        taxId: i % 3 === 0 ? `TX${String(100000 + i)}` : '',
      });
    }
    const partyRows = [
      `(${lit(gen.uidJs(KIND.invoiceParty, 1))}, 'company', ${lit(company.name)}, ${lit(company.email)}, ${lit(company.phone)}, ${lit(company.address)}, ${lit(company.country)}, ${lit(company.taxId)})`,
      ...customers.map(
        (c) =>
          `(${lit(c.id)}, 'customer', ${lit(c.name)}, ${lit(c.email)}, ${lit(c.phone)}, ${lit(c.address)}, ${lit(c.country)}, ${lit(c.taxId)})`,
      ),
    ];
    await exec(
      `INSERT INTO invoice_parties (id, kind, name, email, phone, address, country, tax_id) VALUES ${partyRows.join(', ')}`,
    );
    await exec(
      `INSERT INTO invoice_services (name) VALUES ${[...new Set(CATALOGUE.map((c) => c[1]))].map((s) => `(${lit(s)})`).join(', ')} ON CONFLICT DO NOTHING`,
    );

    // Issue days spread over the span, oldest first, so numbers follow the days.
    const span = Math.min(counts.historyDays, 365 * 2);
    const start = now.getTime() - span * DAY_MS;
    const lastNumber = new Map<string, number>();
    const next = (kind: 'invoice' | 'credit_note', year: number) => {
      const key = `${kind}:${year}`;
      const n = (lastNumber.get(key) ?? 0) + 1;
      lastNumber.set(key, n);
      return n;
    };
    const fromJson = lit(JSON.stringify(company));

    await exec('ALTER TABLE invoices DISABLE TRIGGER invoices_stats');
    const CHUNK = 2000;
    let itemSeq = 0;
    let paymentSeq = 0;
    for (let first = 1; first <= total; first += CHUNK) {
      const invoiceRows: string[] = [];
      const itemRows: string[] = [];
      const paymentRows: string[] = [];
      const last = Math.min(total, first + CHUNK - 1);
      for (let i = first; i <= last; i++) {
        const issuedMs =
          start + Math.floor(((i - 1) / total) * span * DAY_MS) + Math.floor(random() * 3_600_000);
        const issueDate = iso(issuedMs);
        const termDays = pick([14, 30, 30, 30, 45, 60]);
        const dueDate = iso(issuedMs + termDays * DAY_MS);
        const customer = customers[Math.floor(random() * customers.length)]!;
        // 1 to 5 lines, every count once in each run of five invoices: 3 lines an invoice on
        // average, so the large scale's 1,000,000 invoices hold 3,000,000 lines. (The draw is
        // kept so the rest of the generated data stays the same.)
        random();
        const lines = Array.from({ length: 1 + ((i * 7) % 5) }, () => {
          const [title, service, price, taxRate] = pick(CATALOGUE);
          const quantity =
            service === 'Support' ? 1 + Math.floor(random() * 20) : 1 + Math.floor(random() * 3);
          return { title, service, price, taxRate, quantity };
        });
        // A discount takes at most half the lines' total (never an invoice of nothing).
        const linesTotal = computeInvoice({ items: lines, discount: 0, shipping: 0 }).subtotal;
        const discount =
          random() < 0.2
            ? Math.min(5000 * (1 + Math.floor(random() * 4)), Math.floor(linesTotal / 2))
            : 0;
        const shipping = random() < 0.1 ? 1500 : 0;
        const money = computeInvoice({ items: lines, discount, shipping });
        const age = (now.getTime() - issuedMs) / DAY_MS;
        // Recent invoices are drafts or waiting; old ones mostly paid.
        const r = random();
        let status: 'draft' | 'sent' | 'paid' | 'cancelled';
        if (age < 10 && r < 0.35) status = 'draft';
        else if (r < 0.05) status = 'cancelled';
        else if (age > 75 ? r < 0.9 : r < 0.5) status = 'paid';
        else status = 'sent';
        const partPaid = status === 'sent' && random() < 0.25 ? Math.floor(money.total * 0.4) : 0;
        const paid = status === 'paid' ? money.total : partPaid;
        const id = gen.uidJs(KIND.invoice, i);
        const year = Number(issueDate.slice(0, 4));
        const number = status === 'draft' || status === 'cancelled' ? null : next('invoice', year);
        const invoiceNumber = number === null ? null : formatInvoiceNumber('invoice', year, number);
        const services = [...new Set(lines.map((l) => l.service))];
        const toJson = JSON.stringify({
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          address: customer.address,
          country: customer.country,
          taxId: customer.taxId,
        });
        const search = [invoiceNumber ?? '', customer.name, customer.email].join(' ').toLowerCase();
        const createdAt = new Date(issuedMs).toISOString();
        const sentCount = number === null ? 0 : 1 + (status === 'sent' && age > termDays ? 1 : 0);
        invoiceRows.push(
          `(${lit(id)}, 'invoice', ${number ?? 'NULL'}, ${number === null ? 'NULL' : year}, ${invoiceNumber ? lit(invoiceNumber) : 'NULL'}, '${status}', 'USD', ${lit(customer.id)}, ${fromJson}, ${lit(toJson)}, ${lit(search)}, '${issueDate}', '${dueDate}', ${money.subtotal}, ${money.discount}, ${money.taxes}, ${money.shipping}, ${money.total}, ${paid}, ${money.total - paid}, ${sentCount}, ${sentCount ? lit(createdAt) : 'NULL'}, ARRAY[${services.map(lit).join(',')}]::text[], '${createdAt}', '${createdAt}')`,
        );
        lines.forEach((l, position) => {
          itemSeq++;
          itemRows.push(
            `(${lit(gen.uidJs(KIND.invoiceItem, itemSeq))}, ${lit(id)}, ${position}, ${lit(l.title)}, ${lit(l.service)}, ${l.quantity}, ${l.price}, ${l.taxRate}, ${money.lines[position]!.total}, ${money.lines[position]!.tax})`,
          );
        });
        if (paid > 0) {
          const parts =
            status === 'paid' && random() < 0.3
              ? [Math.floor(paid / 2), paid - Math.floor(paid / 2)]
              : [paid];
          parts.forEach((amount, k) => {
            paymentSeq++;
            const paidAt = iso(
              Math.min(
                now.getTime(),
                issuedMs + (5 + k * 10 + Math.floor(random() * termDays)) * DAY_MS,
              ),
            );
            paymentRows.push(
              `(${lit(gen.uidJs(KIND.invoicePayment, paymentSeq))}, ${lit(id)}, ${amount}, '${paidAt}', ${lit(pick(['bank_transfer', 'bank_transfer', 'card', 'paypal', 'cheque']))}, ${lit(`REF-${paymentSeq}`)}, '${createdAt}')`,
            );
          });
        }
      }
      await exec(
        `INSERT INTO invoices (id, kind, number, year, invoice_number, status, currency, customer_id, from_party, to_party, search, issue_date, due_date, subtotal, discount, taxes, shipping, total, paid, balance, sent_count, last_sent_at, services, created_at, updated_at) VALUES ${invoiceRows.join(', ')}`,
      );
      await exec(
        `INSERT INTO invoice_items (id, invoice_id, position, title, service, quantity, price, tax_rate, total, tax) VALUES ${itemRows.join(', ')}`,
      );
      if (paymentRows.length > 0) {
        await exec(
          `INSERT INTO invoice_payments (id, invoice_id, amount, paid_at, method, reference, created_at) VALUES ${paymentRows.join(', ')}`,
        );
      }
    }
    await exec('ALTER TABLE invoices ENABLE TRIGGER invoices_stats');
    // The summary, summed once (recomputed, so it is exact whatever was there).
    await exec('DELETE FROM invoice_stats');
    await exec(`INSERT INTO invoice_stats (status, due_date, count, amount, balance)
SELECT CASE WHEN kind = 'credit_note' THEN 'credit_note' ELSE status END, due_date, count(*), sum(total), sum(balance)
FROM invoices GROUP BY 1, 2`);
    if (lastNumber.size > 0) {
      const values = [...lastNumber].map(([key, n]) => {
        const [kind, year] = key.split(':');
        return `(${lit(kind!)}, ${year}, ${n})`;
      });
      await exec(
        `INSERT INTO invoice_counters (kind, year, last) VALUES ${values.join(', ')} ON CONFLICT (kind, year) DO UPDATE SET last = GREATEST(invoice_counters.last, EXCLUDED.last)`,
      );
    }
  },
};
