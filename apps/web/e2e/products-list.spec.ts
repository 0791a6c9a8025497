import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';

import { expect, test, workerBaseURL } from './fixtures';
import { openVariant, settle, shot, VARIANTS } from './variants';

type Made = { id: string; slug: string; name: string };

async function makeProducts(request: APIRequestContext, token: string, tag: string) {
  const made: Made[] = [];
  for (const n of [1, 2, 3, 4]) {
    const answer = await request.post('/api/products', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `Bulk ${tag} ${n}`,
        price: 10 + n,
        category: 'shoes',
        quantity: 5,
        sku: `BLK-${tag}-${n}`,
        published: true,
      },
    });
    expect(answer.status()).toBe(201);
    made.push(((await answer.json()) as { product: Made }).product);
  }
  return made;
}

/** The product list on the one table (issue 44): Shift-click three rows, hide them in one go. */
test('select three products with Shift-click and hide them in one action, then undo', async ({
  page,
  login,
  request,
}) => {
  const token = await login();
  const tag = String(Date.now() % 1_000_000);
  const made = await makeProducts(request, token, tag);
  await page.goto(`/dashboard/e-commerce/list?q=Bulk+${tag}&sort=name&order=asc`);
  const grid = page.getByRole('grid', { name: 'Products' });
  const rows = page.getByTestId('product-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(`Bulk ${tag} 1`);

  await rows.nth(0).getByRole('checkbox').click();
  await rows
    .nth(2)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  const bar = page.getByTestId('products-bulk-bar');
  await expect(bar.getByRole('status')).toHaveText('3 products selected');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  expect(await new AxeBuilder({ page }).include('main').analyze()).toMatchObject({
    violations: [],
  });

  await bar.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide these products?' });
  await expect(dialog).toContainText('3 products will leave the shop');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('3 products hidden')).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(grid.getByText('Draft')).toHaveCount(3);
  await expect(rows.nth(3)).toContainText('Published');

  const published = async (slug: string) =>
    (
      (await (
        await request.get(`/api/products/product?name=${slug}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { product: { published: boolean } }
    ).product.published;
  for (const p of made.slice(0, 3)) expect(await published(p.slug), p.name).toBe(false);
  expect(await published(made[3]!.slug)).toBe(true);

  // Undo puts the three back in the shop.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('3 products put back')).toBeVisible();
  await expect(grid.getByText('Draft')).toHaveCount(0);
});

test('the product list by keyboard: Space chooses, Shift+Space a range; the sort in the address', async ({
  page,
  login,
  request,
}) => {
  const token = await login();
  const tag = String((Date.now() + 7) % 1_000_000);
  await makeProducts(request, token, tag);
  await page.goto(`/dashboard/e-commerce/list?q=Bulk+${tag}&sort=name&order=asc`);
  const rows = page.getByTestId('product-row');
  await expect(rows).toHaveCount(4);
  await page.getByTestId('table-layout').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(0).getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Space');
  await expect(page.getByTestId('products-bulk-bar').getByRole('status')).toHaveText(
    '2 products selected',
  );
  // The sort is the server's and in the address.
  await page.getByRole('columnheader', { name: 'Price' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=price/);
  await expect(rows.nth(0)).toContainText(`Bulk ${tag} 4`);
});

/** Products come in from a spreadsheet through the same import dialog as people (issue 44). */
test('import products from a CSV with one bad row in French: mapping, preview, report, list', async ({
  page,
  login,
}) => {
  await login();
  await page.context().addCookies([{ name: 'i18next', value: 'fr', url: workerBaseURL() }]);
  const tag = String(Date.now() % 1_000_000);
  const csv = [
    'Name,SKU,Category,Price,Sale price,Quantity',
    `Imported loafer ${tag},IMP-${tag}-1,Shoes,80,60,4`,
    `Imported cap ${tag},IMP-${tag}-2,Accessories,20,30,2`,
  ].join('\r\n');
  await page.goto('/dashboard/e-commerce/list');
  await page.getByTestId('products-import').click();
  const dialog = page.getByRole('dialog', { name: 'Importer des produits' });
  await dialog
    .getByTestId('import-file')
    .setInputFiles({ name: 'produits.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // The header maps itself onto the product form's fields, named as the form names them.
  await expect(dialog.getByTestId('map-sku')).toHaveText('SKU');
  await expect(dialog.getByRole('combobox', { name: /Prix soldé/ })).toHaveText('Sale price');
  await expect(dialog.getByText('Produits déjà dans la liste (même SKU)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Aperçu' }).click();

  // The sale price above the price is refused, named with its field, in French.
  await expect(dialog.getByTestId('import-count-create')).toContainText('1');
  await expect(dialog.getByTestId('import-count-error')).toContainText('1');
  const bad = dialog.getByTestId('import-error-row');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText('Prix soldé');
  await expect(bad).toContainText('Le prix soldé doit être inférieur au prix');
  expect(await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).toMatchObject({
    violations: [],
  });

  await dialog.getByTestId('import-run').click();
  await expect(dialog.getByText('L’importation est terminée.')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
  // The list reads again: the new product is there, the refused one is not.
  await page.getByRole('textbox', { name: /Rechercher/ }).fill(`Imported`);
  await expect(page.getByText(`Imported loafer ${tag}`)).toBeVisible();
  await expect(page.getByText(`Imported cap ${tag}`)).toHaveCount(0);
});

test('the product list with its bulk bar in light/en, dark/ar right-to-left and at phone width', async ({
  browser,
  login,
  request,
}) => {
  test.skip(process.env.E2E_SHOTS !== '1', 'screenshots only');
  const token = await login();
  const tag = String((Date.now() + 13) % 1_000_000);
  await makeProducts(request, token, tag);
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, token);
    await page.goto(`/dashboard/e-commerce/list?q=Bulk+${tag}&sort=name&order=asc`);
    const rows = page.getByTestId('product-row');
    await expect(rows).toHaveCount(4);
    await rows.nth(0).getByRole('checkbox').click();
    await rows
      .nth(1)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('products-bulk-bar')).toBeVisible();
    await settle(page);
    await shot(page, `products-bulk-${v.name}`);
    // The import dialog: its mapping, then its preview with the refused row.
    await page.getByTestId('products-import').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `Name,SKU,Category,Price,Sale price\r\nShot ${tag},SHOT-${tag},Shoes,80,90\r\n`,
      ),
    });
    await expect(dialog.getByTestId('map-sku')).toHaveText('SKU');
    await shot(page, `products-import-mapping-${v.name}`);
    await dialog.getByRole('button').last().click();
    await expect(dialog.getByTestId('import-error-row').first()).toBeVisible();
    await shot(page, `products-import-preview-${v.name}`);
    await context.close();
  }
});
