import type { APIRequestContext } from '@playwright/test';

import { expect as baseExpect, test } from './fixtures';

/**
 * A person's path through the shop: filter, open a product, put two colours in the cart, check
 * out, and find the order in the list with the stock lowered. The product is made through the
 * API for this run, so demo data never gets in the way.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

type ProductAnswer = { product: { id: string; slug: string; name: string; quantity: number } };

async function createProduct(request: APIRequestContext, bearer: string, name: string) {
  const answer = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: {
      name,
      code: 'E2E',
      sku: `E2E-${unique()}`,
      description: '<p>Made for the <strong>browser test</strong>.</p>',
      images: [],
      price: 25,
      priceSale: 19.5,
      taxes: 0,
      priceIncludesTax: true,
      quantity: 5,
      category: 'accessories',
      gender: ['kids'],
      colors: ['#000000', '#FFFFFF'],
      sizes: ['9', '10'],
      tags: ['e2e'],
      newLabel: true,
      saleLabel: true,
      published: true,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as ProductAnswer).product;
}

async function stockOf(request: APIRequestContext, bearer: string, slug: string) {
  const answer = await request.get(`/api/products/product?name=${encodeURIComponent(slug)}`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  return ((await answer.json()) as ProductAnswer).product.quantity;
}

test('shop → filter → product → two colours → checkout → order in the list, stock lower', async ({
  page,
  request,
  login,
}) => {
  const bearer = await login();
  const name = `E2E Runner ${unique()}`;
  const product = await createProduct(request, bearer, name);
  // The address book starts empty (a retry or an earlier run on this server leaves addresses).
  const headers = { Authorization: `Bearer ${bearer}` };
  const kept = await request.get('/api/account/addresses', { headers });
  for (const a of ((await kept.json()) as { addresses: { id: string }[] }).addresses)
    await request.delete(`/api/account/addresses/${a.id}`, { headers });

  // Shop: filter by gender and category in the drawer, then search the name.
  await page.goto('/dashboard/e-commerce/shop');
  await page.getByRole('button', { name: 'Filters' }).click();
  // The filters live in the URL: the boxes follow once the address has changed.
  await page.getByRole('checkbox', { name: 'Kids' }).click();
  await expect(page.getByRole('checkbox', { name: 'Kids' })).toBeChecked();
  await page.getByRole('radio', { name: 'Accessories' }).click();
  await expect(page.getByRole('radio', { name: 'Accessories' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/gender=kids/);
  await expect(page).toHaveURL(/category=accessories/);
  const search = page.getByRole('combobox', { name: 'Search products…' });
  await search.fill(name);
  await search.press('Enter');
  await expect(page).toHaveURL(/q=/);
  const card = page.getByTestId('product-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  // It has no picture yet: the card says so instead of showing an empty box.
  await expect(card.getByRole('img', { name: 'No picture yet' })).toBeVisible();
  await card.getByRole('link', { name }).click();

  // Product: both colours, one at a time.
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByTestId('available')).toHaveText('Available: 5');
  // The size guide marks the chosen size's row (US 9 = UK 8.5, EU 42.5, a 27 cm foot).
  await page.getByRole('button', { name: 'Size guide' }).click();
  const guide = page.getByRole('dialog', { name: 'Size guide' });
  await expect(guide.getByRole('row', { name: '9 8.5 42.5 27' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await guide.getByRole('button', { name: 'Close' }).click();
  await expect(guide).toHaveCount(0);
  await page.getByTestId('colour-#000000').click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByTestId('colour-#FFFFFF').click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-badge')).toContainText('2');

  // Checkout: the cart holds one line with both colours and quantity 2.
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeEnabled();
  await page.goto('/dashboard/e-commerce/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-quantity')).toHaveText('2');
  await expect(page.getByTestId('summary-total')).toContainText('39.00');
  await page.getByRole('button', { name: 'Check out' }).click();

  await page.getByRole('button', { name: 'New address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill('Jayvion Simon');
  await dialog.getByLabel('Phone number').fill('+1 555 0100');
  await dialog.getByRole('textbox', { name: 'Address' }).fill('19034 Verna Unions Apt. 164');
  await expect(dialog.getByRole('checkbox', { name: 'Save to my address book' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Deliver to this address' }).click();

  await page.getByRole('radio', { name: /Express delivery/ }).check();
  await expect(page.getByTestId('summary-total')).toContainText('49.00');
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('button', { name: 'Complete order' }).click();

  // Order complete: it links to the order; the cart is empty again.
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  const link = page.getByTestId('order-link');
  await expect(link).toBeVisible();
  const number = (await link.textContent())!.trim();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await page.getByRole('link', { name: 'View the order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();

  // The order list shows it; the stock went from 5 to 3.
  await page.goto('/dashboard/e-commerce/orders');
  await expect(page.getByTestId('order-row').filter({ hasText: number })).toBeVisible();
  expect(await stockOf(request, bearer, product.slug)).toBe(3);
  await page.goto(`/dashboard/e-commerce/product/${product.slug}`);
  await expect(page.getByTestId('available')).toHaveText('Available: 3');
  // The new address went into the address book for the next checkout.
  const book = await request.get('/api/account/addresses', { headers });
  expect(
    ((await book.json()) as { addresses: { fullAddress: string }[] }).addresses.map(
      (a) => a.fullAddress,
    ),
  ).toContain('19034 Verna Unions Apt. 164');
  // Counted words agree with their number ("1 star", not "1 stars").
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await expect(page.getByText('1 star', { exact: true })).toBeVisible();
  await expect(page.getByText('2 stars', { exact: true })).toBeVisible();
  await expect(page.getByText('1 stars', { exact: true })).toHaveCount(0);
  // The console-error guard of the fixtures checks the page at the end.
});

test('a shop page past the end goes to the last page instead of "no products"', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/dashboard/e-commerce/shop?page=999');
  await expect(page).not.toHaveURL(/page=999/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByText('No products found')).toHaveCount(0);
});

test('the shop keeps its sort and search in the URL across a reload', async ({ page, login }) => {
  await login();
  await page.goto('/dashboard/e-commerce/shop');
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitem', { name: 'Price: high–low' }).click();
  await expect(page).toHaveURL(/sort=priceDesc/);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Sort by/ })).toContainText('Price: high–low');
});

test("dates are typed and amounts read in the chosen language, not the browser's", async ({
  page,
  login,
}) => {
  await login();
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'fr'));
  await page.goto('/dashboard/e-commerce/orders');
  const from = page.getByRole('textbox', { name: 'Du' });
  // French order, not the English browser's mm/dd/yyyy; named parts, not a date that looks typed.
  await expect(from).toHaveAttribute('placeholder', 'JJ\u200e/\u200eMM\u200e/\u200eAAAA');
  await from.fill('15/01/2026');
  await expect(page).toHaveURL(/from=2026-01-15/);
  await from.fill('31/02/2026');
  await from.blur();
  await expect(page.getByText('Saisissez une date comme 31/12/2026')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Du' })).toHaveValue('15/01/2026');
  // Amounts with a decimal comma and the currency after the figure.
  await expect(
    page.getByRole('gridcell', { name: /^\d[\d\u202f\u00a0]*,\d\d\s\$US$/ }).first(),
  ).toBeVisible();

  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'cn'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: '开始日期' })).toHaveValue('2026/01/15');
});

test("a date typed as digits alone fills in its separators, in the language's order", async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/dashboard/e-commerce/orders');
  const from = page.getByRole('textbox', { name: 'From' });
  await expect(from).toHaveAttribute('placeholder', 'MM\u200e/\u200eDD\u200e/\u200eYYYY');
  await from.pressSequentially('11202026');
  await expect(from).toHaveValue('11/20/2026');
  await expect(page).toHaveURL(/from=2026-11-20/);

  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'fr'));
  await page.goto('/dashboard/e-commerce/orders');
  const du = page.getByRole('textbox', { name: 'Du' });
  await du.clear();
  await du.pressSequentially('20112026');
  await expect(du).toHaveValue('20/11/2026');
  await expect(page).toHaveURL(/from=2026-11-20/);
});

test('the product form marks the tax in percent and lands on the first error when refused', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/dashboard/e-commerce/product/new');
  const box = (label: string) =>
    page
      .getByLabel(label, { exact: true })
      .locator('xpath=ancestor::div[contains(@class,"MuiInputBase-root")][1]');
  await expect(box('Tax (%)')).toContainText('%');
  await expect(box('Tax (%)')).not.toContainText('$');

  // Submitting it empty lands on the first field to fix, said in plain words.
  await page.getByRole('button', { name: 'Create product' }).click();
  const name = page.getByLabel('Product name', { exact: true });
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expect(page.getByText(/Must be at least 1 characters/)).toHaveCount(0);
});
