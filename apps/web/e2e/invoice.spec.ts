import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

import { ADMIN, expect, test } from './fixtures';
import { openVariant, settle, shot, VARIANTS } from './variants';

/** A dollar amount as the English screens write it ("$1,234.56") in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

async function fillLine(
  page: Page,
  index: number,
  line: { item: string; quantity: string; price: string; tax: string },
) {
  const row = page.getByTestId('invoice-form-line').nth(index);
  await row.getByLabel('Item').fill(line.item);
  await row.getByLabel('Quantity').fill(line.quantity);
  await row.getByLabel('Unit price').fill(line.price);
  await row.getByLabel('Tax (%)').fill(line.tax);
}

test('create with three lines, see totals, save and send, open the PDF, record a payment; the paid amount grows', async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await login();
  await page.goto('/dashboard/invoice/list');
  const paidBefore = cents((await page.getByTestId('invoice-amount-paid').textContent()) ?? '');

  // Opening the form gets the server's PDF renderer ready for the send at its end.
  const warmed = page.waitForResponse((r) => r.url().endsWith('/api/invoices/warm-up'));
  await page.getByRole('link', { name: 'New invoice' }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoice\/new$/);
  expect((await warmed).status()).toBe(204);
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await customer.click();
  await customer.fill('Boulangerie');
  await page.getByRole('option', { name: /Boulangerie Martin/ }).click();

  await fillLine(page, 0, { item: 'Design', quantity: '3', price: '19.99', tax: '20' });
  await page.getByRole('button', { name: 'Add a line' }).click();
  await fillLine(page, 1, { item: 'Hosting', quantity: '2', price: '5', tax: '0' });
  await page.getByRole('button', { name: 'Add a line' }).click();
  await fillLine(page, 2, { item: 'Audit', quantity: '1', price: '100', tax: '10' });

  // 59.97 + 10.00 + 100.00; taxes 11.99 (20 % of 59.97, half-up) + 10.00; no discount.
  await expect(page.getByTestId('form-subtotal')).toHaveText('$169.97');
  await expect(page.getByTestId('form-taxes')).toHaveText('$21.99');
  await expect(page.getByTestId('form-total')).toHaveText('$191.96');
  // Reordering keeps the totals.
  await page.getByRole('button', { name: 'Move line 3 up' }).click();
  await expect(page.getByTestId('invoice-form-line').nth(1).getByLabel('Item')).toHaveValue(
    'Audit',
  );
  await expect(page.getByTestId('form-total')).toHaveText('$191.96');

  await page.getByRole('button', { name: 'Save and send' }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoice\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('invoice-number')).toHaveText(/INV-\d{4}-\d{5}/);
  await expect(page.getByTestId('invoice-line')).toHaveCount(3);
  await expect(page.getByTestId('invoice-balance')).toHaveText('$191.96');
  await expect(page.getByTestId('invoice-paper')).toContainText('Pending');

  // The PDF the customer received, in the viewer.
  const pdfAnswer = page.waitForResponse((r) => /\/api\/invoices\/[^/]+\/pdf/.test(r.url()));
  await page.getByRole('button', { name: 'View PDF' }).click();
  const response = await pdfAnswer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const bytes = await request.get(response.url(), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await bytes.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByTestId('invoice-pdf')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Close' }).click();

  // Paid in full.
  await page.getByRole('button', { name: 'Record a payment' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Amount')).toHaveValue('191.96');
  await dialog.getByLabel('Reference').fill('VIR-2026-001');
  await dialog.getByRole('button', { name: 'Record a payment' }).click();
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('invoice-paper')).toContainText('Paid');

  await page.goto('/dashboard/invoice/list');
  await expect
    .poll(async () => cents((await page.getByTestId('invoice-amount-paid').textContent()) ?? ''))
    .toBe(paidBefore + 19196);
});

test('an issued invoice cannot be edited; a draft can', async ({ page, login, request }) => {
  const token = await login();
  const auth = { Authorization: `Bearer ${token}` };
  const parties = await request.get('/api/invoices/parties?kind=customer', { headers: auth });
  const customerId = ((await parties.json()) as { parties: Array<{ id: string }> }).parties[0]!.id;
  const make = async (status: 'draft' | 'sent') => {
    const res = await request.post('/api/invoices', {
      headers: auth,
      data: {
        status,
        customerId,
        dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        items: [{ title: 'Workshop', quantity: 1, price: 50000, taxRate: 20 }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { invoice: { id: string } }).invoice.id;
  };
  const sent = await make('sent');
  await page.goto(`/dashboard/invoice/${sent}/edit`);
  await expect(page.getByRole('alert')).toContainText('A sent invoice cannot be changed');
  const draft = await make('draft');
  await page.goto(`/dashboard/invoice/${draft}/edit`);
  const quantity = page.getByTestId('invoice-form-line').first().getByLabel('Quantity');
  await quantity.fill('2');
  await expect(page.getByTestId('form-total')).toHaveText('$1,200.00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/invoice/${draft}$`));
  await expect(page.getByTestId('invoice-balance')).toHaveText('$1,200.00');
});

test('the cards and the count follow the date filter, not the whole ledger', async ({
  page,
  login,
  request,
}) => {
  const token = await login();
  const auth = { Authorization: `Bearer ${token}` };
  const parties = await request.get('/api/invoices/parties?kind=customer', { headers: auth });
  const customerId = ((await parties.json()) as { parties: Array<{ id: string }> }).parties[0]!.id;
  // Due on a day no demo invoice is due: the filter keeps just this one.
  const due = new Date(Date.now() + 333 * 86_400_000).toISOString().slice(0, 10);
  const made = await request.post('/api/invoices', {
    headers: auth,
    data: {
      status: 'sent',
      customerId,
      dueDate: due,
      items: [{ title: 'Audit', quantity: 1, price: 12_345, taxRate: 0 }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto('/dashboard/invoice/list');
  const all = page.getByTestId('invoice-card-all');
  await expect(all).toContainText(/Invoices: \d{2,}/);
  await page.goto(`/dashboard/invoice/list?dateField=due&from=${due}&to=${due}`);
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expect(all).toContainText('Invoices: 1');
  await expect(all.getByTestId('invoice-amount-all')).toContainText('123.45');
  await expect(page.getByTestId('invoice-card-sent')).toContainText('Invoices: 1');
  await expect(page.getByTestId('invoice-card-paid')).toContainText('Invoices: 0');
  await expect(page.getByTestId('invoice-range')).toContainText('1');
});

test('e-invoice as UBL from the details menu, the PDFs of a selection as one zip', async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await login();
  const auth = { Authorization: `Bearer ${token}` };
  const parties = await request.get('/api/invoices/parties?kind=customer', { headers: auth });
  const customer = (
    (await parties.json()) as { parties: Array<{ id: string; country: string; email: string }> }
  ).parties.find((p) => p.country && p.email)!;
  const res = await request.post('/api/invoices', {
    headers: auth,
    data: {
      status: 'sent',
      customerId: customer.id,
      dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      items: [{ title: 'Consulting', quantity: 2, price: 45000, taxRate: 20 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const invoice = ((await res.json()) as { invoice: { id: string; invoiceNumber: string } })
    .invoice;

  await page.goto(`/dashboard/invoice/${invoice.id}`);
  // The menu works from the keyboard.
  await page.getByRole('button', { name: 'E-invoice' }).focus();
  await page.keyboard.press('Enter');
  const xmlDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'UBL 2.1 (XML)' }).click();
  const xml = await xmlDownload;
  expect(xml.suggestedFilename()).toBe(`${invoice.invoiceNumber}.xml`);
  const xmlText = readFileSync((await xml.path())!, 'utf8');
  expect(xmlText).toContain(`<cbc:ID>${invoice.invoiceNumber}</cbc:ID>`);
  expect(xmlText).toContain('<cbc:PayableAmount currencyID="USD">1080.00</cbc:PayableAmount>');

  await page.goto('/dashboard/invoice/list?status=sent');
  const rows = page.getByTestId('invoice-row');
  await expect(rows.first()).toBeVisible();
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByText('Selected: 2')).toBeVisible();
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDFs (zip)' }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await zip.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});

test('invoice screens in light/en, dark/ar and at 390 px, accessible', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const signIn = await request.post('/api/account/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const list = await request.get('/api/invoices?status=paid&limit=1', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  const someId = ((await list.json()) as { invoices: Array<{ id: string }> }).invoices[0]!.id;
  const screens: Array<[string, string, string]> = [
    ['list', '/dashboard/invoice/list', 'main'],
    ['details', `/dashboard/invoice/${someId}`, '[data-testid="invoice-paper"]'],
    ['new', '/dashboard/invoice/new', 'main form'],
  ];
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, accessToken);
    for (const [name, url, scope] of screens) {
      await page.goto(url);
      await expect(page.locator(scope).first()).toBeVisible();
      await settle(page);
      await shot(page, `invoice-${name}-${v.name}`);
      // Stricter than the route walk's check: every impact, not only serious and critical.
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .include(scope)
        .analyze();
      expect(
        violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
        ),
        `${name} ${v.name}`,
      ).toEqual([]);
    }
    await context.close();
  }
});

test('in Arabic, the PDF the screen opens reads right to left and extracts the words the page shows', async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await login();
  const auth = { Authorization: `Bearer ${token}` };
  const res = await request.post('/api/invoices', {
    headers: auth,
    data: {
      status: 'sent',
      to: { name: 'شركة بنت النيل', email: 'nile@example.test', address: 'شارع التحرير، القاهرة' },
      dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      items: [
        { title: 'تصميم الموقع', quantity: 3, price: 1999, taxRate: 20 },
        { title: 'استضافة', quantity: 1.5, price: 333, taxRate: 5.5 },
      ],
      discount: 500,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const invoice = ((await res.json()) as { invoice: { id: string; invoiceNumber: string } })
    .invoice;

  await page.addInitScript(() => {
    try {
      window.localStorage.setItem('i18nextLng', 'ar');
    } catch {
      /* the framed PDF viewer, where storage is not reachable */
    }
  });
  await page.goto(`/dashboard/invoice/${invoice.id}`);
  const paper = page.getByTestId('invoice-paper');
  // One tax line per rate, each on its base after the discount.
  await expect(page.getByTestId('invoice-tax-rate')).toHaveCount(2);
  await expect(page.getByTestId('invoice-tax-rate').nth(0)).toContainText('5.5 %');
  await expect(page.getByTestId('invoice-tax-rate').nth(1)).toContainText('20 %');

  const pdfAnswer = page.waitForResponse((r) => /\/api\/invoices\/[^/]+\/pdf/.test(r.url()));
  await page.getByRole('button', { name: 'عرض PDF' }).click();
  const response = await pdfAnswer;
  expect(new URL(response.url()).searchParams.get('lang')).toBe('ar');
  const bytes = await request.get(response.url(), { headers: auth });
  expect(bytes.status()).toBe(200);

  // The text pdf.js extracts (what a viewer copies and searches): items joined by a space.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(await bytes.body()) }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  const text = content.items
    .map((i) => ('str' in i ? i.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
  await doc.destroy();

  // Words the page shows, found on the PDF as they read (not letter-swapped, not reversed).
  for (const words of [
    'شركة بنت النيل',
    'شارع التحرير، القاهرة',
    'تصميم الموقع',
    'استضافة',
    'من',
    'إلى',
    'تاريخ الإصدار',
    'تاريخ الاستحقاق',
    'الوصف',
    'الكمية',
    'سعر الوحدة',
    'المجموع الفرعي',
    'الرصيد المستحق',
    invoice.invoiceNumber,
  ]) {
    await expect(paper).toContainText(words);
    expect(text, words).toContain(words);
  }
  // The PDF's per-rate lines: 20 % of 55.35 and 5.5 % of 4.62.
  expect(text).toContain('الضريبة 20 % على 55.35 US$ 11.07 US$');
  expect(text).toContain('الضريبة 5.5 % على 4.62 US$ 0.25 US$');
});

test('select three invoices with Shift-click and mark them paid; the draft is refused and named', async ({
  page,
  login,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const token = await login();
  const headers = { Authorization: `Bearer ${token}` };
  const name = `Bulk Buyer ${Date.now()}`;
  const party = await request.post('/api/invoices/parties', {
    headers,
    data: { kind: 'customer', name, email: 'ap@bulk-buyer.test', country: 'US' },
  });
  expect(party.status(), await party.text()).toBe(201);
  const customerId = ((await party.json()) as { party: { id: string } }).party.id;
  const ids: string[] = [];
  for (const status of ['sent', 'draft', 'sent'] as const) {
    const res = await request.post('/api/invoices', {
      headers,
      data: {
        status,
        customerId,
        dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        items: [{ title: 'Audit', quantity: 1, price: 12000, taxRate: 0 }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { invoice: { id: string } }).invoice.id);
  }

  await page.goto(`/dashboard/invoice/list?q=${encodeURIComponent(name)}`);
  const rows = page.getByTestId('invoice-row');
  // A shared machine can be slow to answer the first list.
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  await rows.nth(0).getByRole('checkbox').click();
  await rows
    .nth(2)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  await expect(page.getByText('Selected: 3')).toBeVisible();
  await expect(rows.nth(1).getByRole('checkbox')).toBeChecked();

  await page.getByTestId('invoice-bulk-paid').click();
  const dialog = page.getByRole('dialog', { name: 'Mark paid' });
  await expect(dialog).toContainText('Mark the selected invoices as paid (3)?');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('Invoices marked paid: 2')).toBeVisible();
  const refused = page.getByTestId('invoice-bulk-refused');
  await expect(refused).toContainText('Not changed: 1');
  await expect(refused).toContainText(
    `Draft · ${name}: Send the invoice before recording a payment.`,
  );
  // The refused draft stays selected; the two sent ones are paid.
  await expect(page.getByText('Selected: 1')).toBeVisible();
  await shot(page, 'invoice-bulk-refused-light');
  for (const [id, status] of [
    [ids[0], 'paid'],
    [ids[1], 'draft'],
    [ids[2], 'paid'],
  ] as const) {
    const one = await request.get(`/api/invoices/${id}`, { headers });
    expect(((await one.json()) as { invoice: { status: string } }).invoice.status).toBe(status);
  }
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('main')
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  // The bar with a row chosen, dark and right to left, and at phone width.
  for (const v of VARIANTS.filter((x) => x.name !== 'light-en')) {
    const { context, page: p } = await openVariant(browser, v, token);
    await p.goto(`/dashboard/invoice/list?q=${encodeURIComponent(name)}`);
    await p.getByTestId('invoice-row').first().getByRole('checkbox').click();
    await expect(p.getByTestId('invoice-bulk-paid')).toBeVisible();
    await settle(p);
    await shot(p, `invoice-bulk-${v.name}`);
    await context.close();
  }
});
