import type { APIRequestContext } from '@playwright/test';

import AxeBuilder from '@axe-core/playwright';

import { ADMIN, expect, test } from './fixtures';
import { openVariant, settle, shot, variant, VARIANTS } from './variants';

/**
 * The blog end to end: an editor writes a post with a cover and an inline image, publishes it,
 * finds it by search; a second person comments, the editor replies, the reader likes it.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function adminToken(request: APIRequestContext) {
  const answer = await request.post('/api/account/login', { data: ADMIN });
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** An active reader (role user) created by the administrator; answers their token. */
async function reader(request: APIRequestContext, tag: string) {
  const email = `reader-${tag}@e2e.local`;
  const password = 'Reader-pass-4242!';
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: {
      firstName: 'Rita',
      lastName: `Reader${tag}`,
      email,
      password,
      role: 'user',
      status: 'active',
      emailVerified: true,
      isPublic: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const login = await request.post('/api/account/login', { data: { email, password } });
  return ((await login.json()) as { accessToken: string }).accessToken;
}

test('write a post with a cover and an inline image, publish, find it, comment, reply live, like', async ({
  page,
  browser,
  login,
  request,
}) => {
  const tag = unique();
  const title = `Field notes ${tag}`;
  await login();
  await page.goto('/dashboard/blog/new');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page
    .getByLabel('Description', { exact: true })
    .fill('What the warehouse team learned this quarter.');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('The first paragraph of the post.');
  await page
    .getByTestId('rich-text-image')
    .setInputFiles({ name: 'inline.png', mimeType: 'image/png', buffer: PNG });
  // The picture waits for its description; the file name is not one.
  const describe = page.getByRole('dialog', { name: 'Describe the image' });
  await describe.getByRole('button', { name: 'Insert image' }).click();
  await expect(describe.getByText('Describe the image to insert it')).toBeVisible();
  await describe.getByLabel('Image description (alt text)').fill('The loading bay');
  await describe.getByRole('button', { name: 'Insert image' }).click();
  await expect(describe).toBeHidden();
  await expect(editor.locator('img')).toHaveCount(1);
  await expect(editor.locator('img')).toHaveAttribute('alt', 'The loading bay');
  await page
    .getByTestId('blog-cover-input')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  // The cover's description starts empty, and saving asks for it.
  const coverAlt = page.getByLabel('Cover description (alt text)');
  await expect(coverAlt).toHaveValue('');
  await page.getByTestId('blog-save').click();
  await expect(page.getByText('Describe the cover image before saving')).toBeVisible();
  await expect(coverAlt).toBeFocused();
  await coverAlt.fill('The warehouse at dawn');
  await page.getByLabel('Tags').fill('operations');
  await page.keyboard.press('Enter');
  await page.getByLabel('Publish', { exact: true }).check();
  await page.getByTestId('blog-save').click();

  await expect(page).toHaveURL(/\/dashboard\/blog\/post\/field-notes-/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The warehouse at dawn' })).toBeVisible();
  await expect(page.getByRole('article').locator('img')).toHaveCount(1);

  // Found from the list by search.
  await page.goto('/dashboard/blog/posts');
  await page.getByRole('combobox', { name: 'Search posts…' }).fill(tag);
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Search posts…' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByTestId('blog-card')).toHaveCount(1);
  await page.getByTestId('blog-card').getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A second person comments and likes.
  const other = await browser.newContext();
  const readerToken = await reader(request, tag);
  await other.addInitScript(
    (token) => window.localStorage.setItem('accessToken', token),
    readerToken,
  );
  const second = await other.newPage();
  await second.goto(page.url());
  await expect(second.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(second.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await second.getByLabel('Write a comment').fill('Thanks, this helps our team too.');
  await second.getByRole('button', { name: 'Post comment' }).click();
  await expect(second.getByTestId('blog-comment')).toHaveCount(1);
  await second.getByTestId('blog-like').click();
  await expect(second.getByTestId('blog-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(second.getByTestId('blog-like')).toContainText('1');

  // The editor replies; the thread shows both.
  await page.reload();
  await expect(page.getByTestId('blog-comment')).toHaveCount(1);
  await page.getByTestId('blog-comment').getByRole('button', { name: 'Reply' }).click();
  // Ctrl+Enter posts, as the hint under the box says.
  await page.getByLabel('Your reply').fill('Glad to hear it!');
  await page.getByLabel('Your reply').press('Control+Enter');
  await expect(page.getByTestId('blog-comment')).toHaveCount(2);
  await expect(page.getByText('Comments (2)')).toBeVisible();
  // The reader, post still open, sees the reply arrive and is told of it by the bell.
  await expect(second.getByTestId('blog-comment').nth(1)).toContainText('Glad to hear it!');
  await expect(second.getByTestId('blog-like')).toContainText('1');
  await second.getByTestId('notifications-bell').click();
  await expect(
    second
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('heading', { name: `replied to your comment on “${title}”` }),
  ).toBeVisible();
  await other.close();
});

test('at phone width the post cards stack in one column inside the screen', async ({
  browser,
  request,
}) => {
  const { context, page } = await openVariant(browser, variant('phone'), await adminToken(request));
  await page.goto('/dashboard/blog/posts');
  const card = page.getByTestId('blog-card').first();
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(variant('phone').width);
  await shot(page, 'blog-list-phone', { fullPage: true });
  await context.close();
});

test('in the table view, select three drafts with Shift-click and publish them at once', async ({
  page,
  login,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const token = await login();
  const tag = unique();
  const slugs: string[] = [];
  for (const n of ['one', 'two', 'three']) {
    const res = await request.post('/api/blog/posts', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title: `Bulk ${tag} ${n}`,
        description: 'Bulk',
        content: '<p>Bulk</p>',
        status: 'draft',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    slugs.push(((await res.json()) as { post: { slug: string } }).post.slug);
  }
  await page.goto(`/dashboard/blog/posts?tab=draft&q=${tag}`);
  // The cards are the list's face; the table is one toggle away.
  await expect(page.getByTestId('blog-card')).toHaveCount(3);
  await page.getByRole('button', { name: 'Table' }).click();
  const rows = page.getByTestId('blog-row');
  await expect(rows).toHaveCount(3);
  await rows.nth(0).getByRole('checkbox').click();
  await rows
    .nth(2)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  const bar = page.getByTestId('blog-bulk-bar');
  await expect(bar.getByRole('status')).toHaveText('Selected: 3');
  await expect(rows.nth(1).getByRole('checkbox')).toBeChecked();
  await bar.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish' });
  await expect(dialog).toContainText('Publish the selected posts (3)?');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Posts published: 3')).toBeVisible();
  // Published, they leave the drafts tab.
  await expect(rows).toHaveCount(0);
  for (const slug of slugs) {
    const one = await request.get(`/api/blog/post?title=${slug}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await one.json()) as { post: { status: string } }).post.status).toBe('published');
  }

  for (const v of VARIANTS) {
    const { context, page: p } = await openVariant(browser, v, token);
    await p.goto(`/dashboard/blog/posts?view=table&q=${tag}`);
    await expect(p.getByTestId('blog-row').first()).toBeVisible({ timeout: 30_000 });
    await p.getByTestId('blog-row').first().getByRole('checkbox').click();
    await settle(p);
    await shot(p, `blog-table-${v.name}`);
    const { violations } = await new AxeBuilder({ page: p })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('main')
      .analyze();
    expect(
      violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      v.name,
    ).toEqual([]);
    await context.close();
  }
});
