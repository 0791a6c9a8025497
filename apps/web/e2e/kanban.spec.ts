import { expect as baseExpect } from '@playwright/test';

import { plainTest as test, watchConsole } from './fixtures';
import { expectAxeClean, openVariant, settle, shot, variant } from './variants';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';

/**
 * The shared board: drag a card across columns and find it there after a reload; two people on
 * the board at once see each other's moves within a second. Each test builds its own columns
 * through the API (moved to the front of the board), so demo data never gets in the way.
 */

// The built app on a busy CI machine: allow slow first paints.
const expect = baseExpect.configure({ timeout: 10_000 });

const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.local',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-pass-42',
};
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function token(request: APIRequestContext) {
  const answer = await request.post('/api/account/login', { data: ADMIN });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

async function api<T>(request: APIRequestContext, bearer: string, url: string, data: object) {
  const answer = await request.post(url, { data, headers: { Authorization: `Bearer ${bearer}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/** Two fresh columns at the front of the board and one card in the first. */
async function setupBoard(request: APIRequestContext) {
  const bearer = await token(request);
  const id = unique();
  type Col = { column: { id: string } };
  const left = (await api<Col>(request, bearer, '/api/kanban/columns/new', { name: `Todo ${id}` }))
    .column.id;
  const right = (await api<Col>(request, bearer, '/api/kanban/columns/new', { name: `Done ${id}` }))
    .column.id;
  await api(request, bearer, '/api/kanban/columns/move', { columnId: right, toIndex: 0 });
  await api(request, bearer, '/api/kanban/columns/move', { columnId: left, toIndex: 0 });
  const card = (
    await api<{ card: { id: string } }>(request, bearer, '/api/kanban/cards/new', {
      columnId: left,
      card: { name: `Card ${id}`, priority: 'high', labels: ['e2e'] },
    })
  ).card.id;
  return { bearer, left, right, card, id };
}

/** Signed in by the stored token, as the app itself does after a login. */
async function signedInPage(context: BrowserContext, bearer: string) {
  await context.addInitScript((value) => window.localStorage.setItem('accessToken', value), bearer);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

const column = (page: Page, id: string) =>
  page.locator(`[data-testid="kanban-column"][data-column-id="${id}"]`);
const cardIn = (page: Page, columnId: string, cardId: string) =>
  column(page, columnId).locator(`[data-card-id="${cardId}"]`);

/** A real pointer drag: press, nudge past the library's threshold, travel, release. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 20 });
  await page.waitForTimeout(200);
  await page.mouse.up();
}

async function openBoard(page: Page) {
  await page.goto('/dashboard/kanban');
  await expect(page.getByTestId('kanban-board')).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-live', 'true');
}

test('drag a card across columns; it is still there after a reload', async ({ browser }) => {
  const context = await browser.newContext();
  const { bearer, left, right, card, id } = await setupBoard(context.request);
  const { page, errors } = await signedInPage(context, bearer);
  await openBoard(page);
  await expect(cardIn(page, left, card)).toBeVisible();

  const moved = page.waitForResponse((r) => r.url().endsWith('/api/kanban/cards/move') && r.ok());
  await drag(page, cardIn(page, left, card), column(page, right));
  await moved;
  await expect(cardIn(page, right, card)).toBeVisible();

  await page.reload();
  await expect(cardIn(page, right, card)).toBeVisible();
  await expect(cardIn(page, left, card)).toHaveCount(0);

  // Keyboard too: pick up with space, carry with the arrow keys, drop with space.
  await cardIn(page, right, card).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(300); // the lift animation
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(300);
  const back = page.waitForResponse((r) => r.url().endsWith('/api/kanban/cards/move') && r.ok());
  await page.keyboard.press('Space');
  await back;
  await expect(cardIn(page, left, card)).toBeVisible();

  // The drawer edits the card: complete it and comment.
  await cardIn(page, left, card).click();
  const drawer = page.getByTestId('kanban-card-drawer');
  await expect(drawer.getByRole('textbox', { name: /card name/i })).toHaveValue(`Card ${id}`);
  await drawer.getByRole('button', { name: /mark complete/i }).click();
  await expect(drawer.getByRole('button', { name: /completed/i })).toBeVisible();
  await drawer.getByRole('textbox', { name: /write a comment/i }).fill('Done in the browser');
  await drawer.getByRole('textbox', { name: /write a comment/i }).press('Enter');
  await expect(drawer.getByText('Done in the browser')).toBeVisible();
  await page.keyboard.press('Escape');
  // The board counts it; after a reload the opened card loads its comments again.
  await expect(cardIn(page, left, card).getByLabel('Comments: 1', { exact: true })).toBeVisible();
  await page.reload();
  await cardIn(page, left, card).click();
  await expect(drawer.getByText('Done in the browser')).toBeVisible();
  await page.keyboard.press('Escape');

  expect(errors).toEqual([]);
  await context.close();
});

test('without a mouse: skip link, "Move to…" for a card and a column, moves spoken by name', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const { bearer, left, right, card, id } = await setupBoard(context.request);
  const { page, errors } = await signedInPage(context, bearer);
  await openBoard(page);

  // The first Tab stop skips the header and the navigation.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // Open the card with the keyboard, then move it through the menu.
  await cardIn(page, left, card).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('kanban-card-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('kanban-move-card').press('Enter');
  await page.getByRole('menuitem', { name: `Done ${id}` }).press('Enter');
  await expect(cardIn(page, right, card)).toBeVisible();
  await expect(page.getByTestId('kanban-announcer')).toHaveText(
    `Card ${id} moved to Done ${id}, position 1`,
  );
  // Still there when the board is opened again.
  await openBoard(page);
  await expect(cardIn(page, right, card)).toBeVisible();

  // A column moves one place later from its menu.
  await page.getByRole('button', { name: `Actions of column Todo ${id}` }).click();
  await page.getByRole('menuitem', { name: 'Move one place later' }).click();
  await expect(page.getByTestId('kanban-announcer')).toHaveText(
    `Column Todo ${id} moved to position 2`,
  );
  const order = await page
    .locator('[data-testid="kanban-column"]')
    .evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-column-id')));
  expect(order).toEqual([right, left]);
  expect(errors).toEqual([]);
  await context.close();
});

test('two people: one moves a card, the other sees it move within a second', async ({
  browser,
}) => {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const { bearer, left, right, card } = await setupBoard(contextA.request);
  const a = await signedInPage(contextA, bearer);
  const b = await signedInPage(contextB, await token(contextB.request));
  await openBoard(a.page);
  await openBoard(b.page);
  await expect(cardIn(b.page, left, card)).toBeVisible();

  const moved = a.page.waitForResponse((r) => r.url().endsWith('/api/kanban/cards/move') && r.ok());
  await drag(a.page, cardIn(a.page, left, card), column(a.page, right));
  await moved;
  const answeredAt = Date.now();
  await expect(cardIn(b.page, right, card)).toBeVisible({ timeout: 1000 });
  const seenAfter = Date.now() - answeredAt;
  test.info().annotations.push({ type: 'seen-by-other-after-ms', description: String(seenAfter) });
  await expect(cardIn(b.page, left, card)).toHaveCount(0);

  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
  await contextA.close();
  await contextB.close();
});

test('a card opens its drawer, which passes axe', async ({ browser }) => {
  const context = await browser.newContext();
  const bearer = await token(context.request);
  await context.close();
  const { context: member, page } = await openVariant(browser, variant('light-en'), bearer);
  const errors = watchConsole(page);
  await openBoard(page);
  await page.getByTestId('kanban-card').first().click();
  await expect(page.getByTestId('kanban-card-drawer')).toBeVisible();
  await settle(page);
  await shot(page, 'kanban-drawer');
  await expectAxeClean(page, 'kanban card drawer');
  expect(errors, errors.join('\n')).toEqual([]);
  await member.close();
});
