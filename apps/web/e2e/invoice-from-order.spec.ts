import type { APIRequestContext } from '@playwright/test';

import { expect, test } from './fixtures';
import { expectAxeClean, openVariant, settle, shot, VARIANTS } from './variants';

interface OrderAnswer {
  order: {
    id: string;
    number: number;
    customerName: string;
    items: Array<{ name: string; quantity: number }>;
    invoices: Array<{ id: string; status: string }>;
  };
}

/** A demo order no invoice was made from yet (each run takes the next one). */
async function uninvoicedOrder(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/api/orders?limit=30&sort=number&order=asc', { headers });
  const { orders } = (await list.json()) as { orders: Array<{ id: string }> };
  for (const { id } of orders) {
    const one = (await (await request.get(`/api/orders/${id}`, { headers })).json()) as OrderAnswer;
    if (one.order.invoices.length === 0) return one.order;
  }
  throw new Error('every demo order has an invoice already');
}

test('an order becomes a draft invoice with its lines and customer, linked both ways', async ({
  page,
  login,
  request,
}) => {
  const token = await login();
  const order = await uninvoicedOrder(request, token);
  await page.goto(`/dashboard/e-commerce/orders/${order.id}`);
  await expect(page.getByTestId('order-invoices')).toContainText('No invoice yet');
  await settle(page);
  await shot(page, 'order-create-invoice-light-en');

  await page.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoice\/[0-9a-f-]{36}$/);
  const invoiceUrl = page.url();
  const paper = page.getByTestId('invoice-paper');
  await expect(paper).toContainText(order.customerName);
  const lines = page.getByTestId('invoice-line');
  await expect(lines).toHaveCount(order.items.length);
  for (const [i, item] of order.items.entries()) {
    await expect(lines.nth(i)).toContainText(item.name);
    await expect(lines.nth(i)).toContainText(String(item.quantity));
  }

  // Back to the order, which now lists its invoice and offers no second one.
  await page.getByRole('link', { name: `From order #${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/e-commerce/orders/${order.id}$`));
  await expect(page.getByRole('button', { name: 'Create invoice' })).toHaveCount(0);
  const link = page.getByTestId('order-invoices').getByRole('link', { name: 'Draft invoice' });
  await link.click();
  await expect(page).toHaveURL(invoiceUrl);
});

test('the order, its invoice and a new customer’s address in light, dark Arabic and on a phone', async ({
  browser,
  login,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await login();
  const order = await uninvoicedOrder(request, token);
  const made = await request.post(`/api/orders/${order.id}/invoice`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const invoiceId = ((await made.json()) as { invoice: { id: string } }).invoice.id;

  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, token);
    await page.goto(`/dashboard/invoice/${invoiceId}`);
    await expect(page.getByTestId('invoice-paper')).toBeVisible();
    await settle(page);
    await shot(page, `invoice-from-order-${v.name}`);
    await expectAxeClean(page, `invoice from order ${v.name}`);

    await page.goto(`/dashboard/e-commerce/orders/${order.id}`);
    await expect(page.getByTestId('order-invoices').getByRole('link')).toHaveCount(1);
    await settle(page);
    await shot(page, `order-invoices-${v.name}`);
    await expectAxeClean(page, `order ${v.name}`);

    // The new customer's address: the country picked by its name in the person's language.
    await page.goto('/dashboard/invoice/new');
    await page.locator('main form').waitFor();
    await page.getByRole('button', { name: v.lng === 'ar' ? 'عميل جديد' : 'New customer' }).click();
    const dialog = page.getByRole('dialog');
    const country = dialog.getByRole('combobox', { name: v.lng === 'ar' ? 'الدولة' : 'Country' });
    await country.click();
    await country.fill(v.lng === 'ar' ? 'فرنسا' : 'Fran');
    await page.getByRole('option', { name: /FR$/ }).click();
    await expect(country).toHaveValue(v.lng === 'ar' ? 'فرنسا' : 'France');
    await settle(page);
    await shot(page, `invoice-new-customer-${v.name}`);
    await expectAxeClean(page, `new customer ${v.name}`);
    await context.close();
  }
});
