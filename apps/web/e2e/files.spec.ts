import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { ADMIN, expect, test } from './fixtures';
import { openVariant, settle, shot, VARIANTS } from './variants';

// A tiny PNG (1×1, red) and a one-page PDF, written by hand: nothing fetched.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
function onePagePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 40 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 40 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A verified colleague with the password `a-long-unusual-password`, made by an administrator. */
async function createColleague(
  request: APIRequestContext,
  adminToken: string,
  email: string,
  firstName: string,
  lastName: string,
) {
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { firstName, lastName, email, password: 'a-long-unusual-password', emailVerified: true },
  });
  expect(created.status(), await created.text()).toBe(201);
}

async function tokenFor(
  request: APIRequestContext,
  email = ADMIN.email,
  password = ADMIN.password,
) {
  const answer = await request.post('/api/account/login', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { accessToken: string; user: { id: string } };
}

async function openFiles(page: Page, token: string, url = '/dashboard/files-manager') {
  await page.addInitScript((t) => window.localStorage.setItem('accessToken', t), token);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'File manager' })).toBeVisible();
}

/** Drops a real folder from the disk on the page, as the operating system would (CDP drag). */
async function dropFolder(page: Page, folder: string, target: string) {
  const box = (await page.getByTestId(target).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: [folder], dragOperationsMask: 1 };
  // As a hand would: enter, move over (the drop overlay appears), move again, let go.
  for (const type of ['dragEnter', 'dragOver', 'dragOver', 'drop'] as const) {
    await cdp.send('Input.dispatchDragEvent', { type, x, y, data });
    await page.waitForTimeout(100);
  }
  await cdp.detach();
}

test('upload a folder by drag and drop, preview an image and a PDF', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const { accessToken } = await tokenFor(request);
  await openFiles(page, accessToken);

  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bo-drop-')), `Trip ${tag}`);
  mkdirSync(path.join(dir, 'day one'), { recursive: true });
  writeFileSync(path.join(dir, 'photo.png'), PNG);
  writeFileSync(path.join(dir, 'day one', 'plan.pdf'), onePagePdf(`Plan ${tag}`));
  writeFileSync(path.join(dir, 'notes.txt'), `notes ${tag}`);

  // Uploads are possible once the folder's access is known: the Upload button says so.
  await expect(page.getByTestId('upload-button')).toBeVisible();
  await dropFolder(page, dir, 'drop-zone');
  await expect(page.getByTestId('upload-job')).toHaveCount(3);
  await expect(
    page.getByTestId('upload-job').and(page.locator('[data-status="done"]')),
  ).toHaveCount(3);
  await expect(page.getByRole('row', { name: `Trip ${tag}` })).toBeVisible();

  // Into the folder: the folder inside it and its files, with the path above.
  await page
    .getByRole('row', { name: `Trip ${tag}` })
    .getByText(`Trip ${tag}`)
    .click();
  await expect(page).toHaveURL(/folder=/);
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText(`Trip ${tag}`);
  await expect(page.getByTestId('file-item')).toHaveCount(3);
  await expect(page.getByTestId('file-item').first()).toContainText('day one');

  // Preview the picture, then open the PDF drawn page by page.
  await page.getByRole('row', { name: 'photo.png' }).getByText('photo.png').click();
  const viewer = page.getByRole('dialog', { name: 'photo.png' });
  await expect(viewer.getByTestId('preview-image')).toBeVisible();
  await expect
    .poll(() =>
      viewer.getByTestId('preview-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(1);
  await viewer.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('row', { name: 'day one' }).getByText('day one').click();
  await page.getByRole('row', { name: 'plan.pdf' }).getByText('plan.pdf').click();
  const pdf = page.getByRole('dialog', { name: 'plan.pdf' });
  await expect(pdf.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
  await shot(page, 'files-pdf-preview');
  await page.keyboard.press('Escape');

  // The keyboard: back to the root, Enter opens a folder.
  await page
    .getByRole('navigation', { name: 'Folder path' })
    .getByRole('button', { name: 'My files' })
    .click();
  await page
    .getByRole('row', { name: `Trip ${tag}` })
    .getByRole('gridcell')
    .nth(1)
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText(`Trip ${tag}`);
});

test('share with a colleague who then sees it; move to trash and restore', async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const admin = await tokenFor(request);
  const email = `colleague.${tag}@e2e.local`;
  await createColleague(request, admin.accessToken, email, 'Ada', `Colleague${tag}`);

  const owner = await browser.newContext();
  const page = await owner.newPage();
  await openFiles(page, admin.accessToken);
  await page.getByTestId('upload-button').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload files' }).click();
  await (
    await chooser
  ).setFiles({
    name: `report-${tag}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from('quarterly'),
  });
  const row = page.getByRole('row', { name: `report-${tag}.txt` });
  await expect(row).toBeVisible();

  // Share it through the item's menu.
  await row.getByTestId('item-menu').click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: /Share/ });
  await dialog.getByLabel('Person').fill(`Ada`);
  await page.getByRole('option', { name: new RegExp(`Colleague${tag}`) }).click();
  await dialog.getByTestId('share-invite').click();
  await expect(dialog.getByText(`Ada Colleague${tag}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The colleague sees it under "Shared with me" and can open it.
  const other = await browser.newContext();
  const theirs = await other.newPage();
  const colleague = await tokenFor(other.request, email, 'a-long-unusual-password');
  await openFiles(theirs, colleague.accessToken, '/dashboard/files-manager?view=shared');
  await expect(theirs.getByRole('row', { name: `report-${tag}.txt` })).toBeVisible();
  await theirs
    .getByRole('row', { name: `report-${tag}.txt` })
    .getByText(`report-${tag}.txt`)
    .click();
  await expect(theirs.getByRole('dialog').locator('pre')).toHaveText('quarterly');
  await other.close();

  // Trash it with the Delete key, find it in the trash, restore it.
  await row.getByRole('gridcell').nth(1).focus();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('row', { name: `report-${tag}.txt` })).toHaveCount(0);
  await page.getByTestId('view-trash').click();
  const trashed = page.getByRole('row', { name: `report-${tag}.txt` });
  await expect(trashed).toBeVisible();
  await trashed.getByTestId('item-menu').click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(trashed).toHaveCount(0);
  await page.getByTestId('view-mine').click();
  await expect(page.getByRole('row', { name: `report-${tag}.txt` })).toBeVisible();
  await owner.close();
});

test('bulk: trash three with undo, move two into a folder, share both', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const { accessToken } = await tokenFor(request);
  const auth = { Authorization: `Bearer ${accessToken}` };
  const folder = async (name: string, folderId?: string) => {
    const made = await request.post('/api/files/folders', {
      headers: auth,
      data: { name, ...(folderId ? { folderId } : {}) },
    });
    expect(made.status(), await made.text()).toBe(201);
    return ((await made.json()) as { file: { id: string } }).file.id;
  };
  const box = await folder(`Bulk ${tag}`);
  await folder('Target', box);
  for (const name of ['a.txt', 'b.txt', 'c.txt']) {
    const up = await request.post('/api/files', {
      headers: auth,
      multipart: {
        folderId: box,
        file: { name, mimeType: 'text/plain', buffer: Buffer.from(name) },
      },
    });
    expect(up.status(), await up.text()).toBe(201);
  }
  await openFiles(page, accessToken, `/dashboard/files-manager?folder=${box}`);
  const row = (name: string) => page.getByRole('row', { name });
  await expect(page.getByTestId('file-item')).toHaveCount(4);

  // Three chosen: a box clicked, then Shift+Space on the third row takes the range.
  await row('a.txt').getByRole('checkbox', { name: 'Select a.txt' }).click();
  await row('c.txt').getByRole('gridcell').nth(1).focus();
  await page.keyboard.press('Shift+Space');
  const bar = page.getByRole('toolbar', { name: 'Selection actions' });
  await expect(bar).toContainText('3 selected');

  // Trash: the confirmation names the count; they leave the list; Undo brings them back.
  await bar.getByRole('button', { name: 'Move to trash' }).click();
  const confirm = page.getByRole('dialog', { name: 'Move 3 items to the trash?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByTestId('file-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('file-item')).toHaveCount(4);
  for (const name of ['a.txt', 'b.txt', 'c.txt']) await expect(row(name)).toBeVisible();

  // Move two into the folder: a click, then a Shift-click on the next box.
  await row('a.txt').getByRole('checkbox', { name: 'Select a.txt' }).click();
  await row('b.txt')
    .getByRole('checkbox', { name: 'Select b.txt' })
    .click({ modifiers: ['Shift'] });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move 2 items' });
  await move.getByRole('button', { name: `Bulk ${tag}` }).click();
  await move.getByRole('button', { name: 'Target' }).click();
  await move.getByTestId('move-here').click();
  await expect(page.getByTestId('file-item')).toHaveCount(2);
  await row('Target').getByText('Target').click();
  await expect(page.getByTestId('file-item')).toHaveCount(2);
  await expect(row('a.txt')).toBeVisible();
  await expect(row('b.txt')).toBeVisible();

  // Share both with a colleague at once: they see the two under "Shared with me".
  const email = `bulk.${tag}@e2e.local`;
  await createColleague(request, accessToken, email, 'Bea', `Bulk${tag}`);
  await row('a.txt').getByRole('checkbox', { name: 'Select a.txt' }).click();
  await row('b.txt').getByRole('checkbox', { name: 'Select b.txt' }).click();
  await bar.getByTestId('bulk-share').click();
  const share = page.getByRole('dialog', { name: 'Share 2 items' });
  await share.getByLabel('Person').fill('Bea');
  await page.getByRole('option', { name: new RegExp(`Bulk${tag}`) }).click();
  await share.getByLabel('Access').click();
  await page.getByRole('option', { name: 'Can edit' }).click();
  await share.getByTestId('bulk-share-submit').click();
  await expect(share).toBeHidden();
  await expect(page.getByText('2 items shared')).toBeVisible();
  const theirs = await tokenFor(request, email, 'a-long-unusual-password');
  const seen = await request.get('/api/files?view=shared', {
    headers: { Authorization: `Bearer ${theirs.accessToken}` },
  });
  expect(seen.status()).toBe(200);
  const shared = ((await seen.json()) as { files: { name: string; access: string }[] }).files;
  expect(shared.map((f) => `${f.name}:${f.access}`).sort()).toEqual(['a.txt:edit', 'b.txt:edit']);
});

async function screens(browser: Browser, token: string) {
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, token);
    for (const layout of ['list', 'grid'] as const) {
      await page.goto(`/dashboard/files-manager${layout === 'grid' ? '?layout=grid' : ''}`);
      await expect(page.getByTestId('file-item').first()).toBeVisible();
      await settle(page);
      await shot(page, `files-${layout}-${v.name}`);
      if (v.name === 'phone') {
        // The views' sideways strip is named on screen and fades where more of it hides.
        await expect(page.getByRole('heading', { name: 'Views' })).toBeVisible();
        const strip = page.getByRole('navigation', { name: 'Views' });
        await expect(strip).toBeVisible();
        expect(await strip.evaluate((el) => getComputedStyle(el).maskImage)).toContain(
          'linear-gradient',
        );
      }
      // Stricter than the route walk's check: every impact, not only serious and critical.
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .include('main')
        .analyze();
      expect(
        violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
        ),
        `${layout} ${v.name}`,
      ).toEqual([]);
    }
    // The details drawer, once per variant.
    await page.goto('/dashboard/files-manager');
    await page.getByTestId('item-menu').first().click();
    await page.getByRole('menuitem', { name: /Details|التفاصيل/ }).click();
    await expect(page.getByRole('presentation').getByRole('heading').first()).toBeVisible();
    await settle(page);
    await shot(page, `files-details-${v.name}`);
    await context.close();
  }
}

test('file manager in light/en, dark/ar and at 390 px, accessible', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { accessToken } = await tokenFor(request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const folder = await request.post('/api/files/folders', {
    headers,
    data: { name: `Shots ${Date.now().toString(36)}` },
  });
  expect(folder.status()).toBe(201);
  for (const [name, mimeType, buffer] of [
    ['red.png', 'image/png', PNG],
    ['brief.pdf', 'application/pdf', onePagePdf('Brief')],
    ['readme.txt', 'text/plain', Buffer.from('read me')],
  ] as const) {
    const up = await request.post('/api/files', {
      headers,
      multipart: { file: { name, mimeType, buffer } },
    });
    expect(up.status(), await up.text()).toBe(201);
  }
  await screens(browser, accessToken);
});
