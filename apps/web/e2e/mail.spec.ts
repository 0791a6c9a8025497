import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { ADMIN, expect, test, workerBaseURL } from './fixtures';

/**
 * Mail end to end: the administrator writes to a colleague with an attachment; the colleague's
 * open mailbox shows it at once with the unread count raised; the colleague replies; the thread
 * shows both; search with operators; the list without a mouse.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'Colleague-pass-4242!';

async function tokenOf(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password) {
  const answer = await request.post('/api/account/login', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

async function colleague(request: APIRequestContext, tag: string) {
  const email = `mia.${tag}@e2e.local`;
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${await tokenOf(request)}` },
    data: {
      firstName: 'Mia',
      lastName: `Mailer${tag}`,
      email,
      password: PASSWORD,
      role: 'user',
      status: 'active',
      emailVerified: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { email, token: await tokenOf(request, email, PASSWORD) };
}

async function openMailbox(browser: Browser, token: string, path = '/dashboard/mail') {
  const context = await browser.newContext();
  await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), token);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('mail-folder-inbox')).toBeVisible();
  return { context, page };
}

const unreadInbox = async (page: Page) => {
  const badge = page.getByTestId('mail-count-inbox');
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
};

test('write to a colleague with an attachment; it arrives live; the reply joins the thread', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const mia = await colleague(request, tag);
  const subject = `Plan ${tag}`;

  // The colleague's mailbox is open before anything is sent.
  const theirs = await openMailbox(browser, mia.token);
  await expect(theirs.page.getByText(/Nothing here/)).toBeVisible();
  expect(await unreadInbox(theirs.page)).toBe(0);

  // The administrator writes, attaches a picture and sends (after the undo delay).
  const mine = await openMailbox(browser, await tokenOf(request));
  await mine.page.getByRole('button', { name: 'Compose', exact: true }).click();
  const compose = mine.page.getByTestId('mail-compose');
  await compose.getByLabel('To').fill(`${mia.email},`);
  await expect(compose.getByRole('button', { name: mia.email })).toBeVisible();
  await compose.getByLabel('Subject').fill(subject);
  await compose.getByRole('textbox', { name: 'Message' }).fill('Here is the plan for next week.');
  await compose
    .getByTestId('mail-attach-input')
    .setInputFiles({ name: `plan-${tag}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(compose.getByText(`plan-${tag}.png (`)).toBeVisible();
  await compose.getByTestId('mail-send').click();
  await expect(mine.page.getByText('Sending…')).toBeVisible();
  await expect(mine.page.getByText('Message sent')).toBeVisible({ timeout: 15_000 });

  // It appears in the colleague's open inbox without a reload, unread, the count raised.
  const row = theirs.page.getByTestId('mail-row').filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(theirs.page.getByTestId('mail-count-inbox')).toHaveText('1');
  await expect(
    theirs.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByLabel('1 unread', { exact: true }),
  ).toBeVisible();

  // Opened: read, with its attachment; the colleague replies.
  await row.locator('[data-mail-open]').click();
  await expect(theirs.page.getByTestId('mail-subject')).toHaveText(subject);
  await expect(theirs.page.getByTestId('mail-attachment')).toContainText(`plan-${tag}.png`);
  await expect(theirs.page.getByTestId('mail-count-inbox')).toHaveCount(0);
  await theirs.page.getByRole('button', { name: 'Reply', exact: true }).click();
  const reply = theirs.page.getByTestId('mail-compose');
  await expect(reply.getByRole('button', { name: ADMIN.email })).toBeVisible();
  await reply.getByRole('textbox', { name: 'Message' }).click();
  await theirs.page.keyboard.type('Looks good to me.');
  await reply.getByTestId('mail-send').click();
  await expect(theirs.page.getByText('Message sent')).toBeVisible({ timeout: 15_000 });

  // The administrator's inbox has the answer; the conversation shows both messages.
  const answer = mine.page.getByTestId('mail-row').filter({ hasText: `Re: ${subject}` });
  await expect(answer).toBeVisible();
  await answer.locator('[data-mail-open]').click();
  const thread = mine.page.getByTestId('mail-thread-message');
  await expect(thread).toHaveCount(2);
  await expect(thread.first()).toContainText('Administrator');
  await expect(thread.last()).toContainText('Looks good to me.');

  // Search with operators.
  await theirs.page
    .getByLabel('Search mail')
    .fill(`from:${ADMIN.email.split('@')[0]} has:attachment ${tag}`);
  await theirs.page.getByLabel('Search mail').press('Enter');
  await expect(theirs.page).toHaveURL(/[?&]q=/);
  await expect(theirs.page.getByTestId('mail-row')).toHaveCount(1);
  await expect(theirs.page.getByTestId('mail-row')).toContainText(subject);
  await theirs.page.getByLabel('Search mail').fill(`from:nobody-${tag}`);
  await expect(theirs.page.getByLabel('Search mail')).toHaveValue(`from:nobody-${tag}`);
  await theirs.page.getByLabel('Search mail').press('Enter');
  await expect(theirs.page.getByText('No messages match')).toBeVisible();

  await theirs.context.close();
  await mine.context.close();
});

test('the list and the message without a mouse: j/k, o, e, c, / and ?', async ({
  browser,
  request,
}) => {
  const { page, context } = await openMailbox(browser, await tokenOf(request));
  const rows = page.getByTestId('mail-row');
  await expect(rows.first()).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rows.nth(1).locator('[data-mail-open]')).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.first().locator('[data-mail-open]')).toBeFocused();
  const subject = (await rows.first().locator('[data-mail-open] p').last().textContent())!
    .split(' — ')[0]!
    .trim();
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/mailId=/);
  await expect(page.getByTestId('mail-subject')).toHaveText(subject);

  // e archives the open conversation: it leaves the inbox.
  const id = new URL(page.url()).searchParams.get('mailId')!;
  await page.keyboard.press('e');
  await expect(page.getByText(/archived/)).toBeVisible();
  await expect(page.locator(`[data-mail-id="${id}"]`)).toHaveCount(0);

  await page.keyboard.press('/');
  await expect(page.getByLabel('Search mail')).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  await page.keyboard.press('c');
  await expect(page.getByTestId('mail-compose')).toBeVisible();
  await expect(page.getByTestId('mail-compose').getByLabel('To', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('mail-compose')).toHaveCount(0);
  await context.close();
});

test('labels: create one, put a message under it, find it there', async ({ browser, request }) => {
  const tag = Date.now().toString(36);
  const { page, context } = await openMailbox(browser, await tokenOf(request));
  await page.getByRole('button', { name: 'New label' }).click();
  const dialog = page.getByRole('dialog', { name: 'New label' });
  await dialog.getByLabel('Name').fill(`Ops ${tag}`);
  await dialog.getByRole('radio', { name: 'Colour 3' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `Ops ${tag}`, exact: true })).toBeVisible();

  const first = page.getByTestId('mail-row').first();
  const id = await first.getAttribute('data-mail-id');
  await first.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Labels' }).click();
  await page.getByRole('menuitem', { name: `Ops ${tag}` }).click();
  await page.getByRole('button', { name: `Ops ${tag}`, exact: true }).click();
  await expect(page).toHaveURL(/customLabel=/);
  await expect(page.locator(`[data-mail-id="${id}"]`)).toBeVisible();
  await context.close();
});

test('the mailbox in light, dark, Arabic and at phone width passes axe', async ({
  browser,
  request,
}) => {
  const token = await tokenOf(request);
  for (const variant of [
    { mode: 'light', dir: 'ltr', lng: 'en', width: 1440 },
    { mode: 'dark', dir: 'rtl', lng: 'ar', width: 1440 },
    { mode: 'light', dir: 'ltr', lng: 'en', width: 390 },
  ]) {
    const context = await browser.newContext({ viewport: { width: variant.width, height: 900 } });
    await context.addCookies(
      ['themeMode', 'themeDirection'].map((name) => ({
        name,
        value: name === 'themeMode' ? variant.mode : variant.dir,
        url: workerBaseURL(),
      })),
    );
    await context.addInitScript(
      ([lng, t]) => {
        window.localStorage.setItem('i18nextLng', lng);
        window.localStorage.setItem('accessToken', t);
      },
      [variant.lng, token] as const,
    );
    const page = await context.newPage();
    await page.goto('/dashboard/mail');
    await expect(page.getByTestId('mail-row').first()).toBeVisible();
    await page.getByTestId('mail-row').first().locator('[data-mail-open]').click();
    await expect(page.getByTestId('mail-subject')).toBeVisible();
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = result.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await context.close();
  }
});

test('a reply typed right after r keeps every key; Tab from Subject reaches the text; trash has undo', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const mia = await colleague(request, `r${tag}`);
  const subject = `Checklist ${tag}`;
  const sent = await request.post('/api/mail/send', {
    headers: { authorization: `Bearer ${await tokenOf(request)}` },
    data: { to: [mia.email], subject, message: '<p>Could you check the list?</p>' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const { page, context } = await openMailbox(browser, mia.token);
  const row = page.getByTestId('mail-row').filter({ hasText: subject });
  await row.locator('[data-mail-open]').click();
  await expect(page.getByTestId('mail-subject')).toHaveText(subject);
  const mailId = new URL(page.url()).searchParams.get('mailId')!;

  // r opens the reply with the caret in its text: e, c and # are letters of the reply, not
  // Archive, Compose and Trash.
  await page.getByRole('button', { name: 'Reply', exact: true }).focus();
  await page.keyboard.press('r');
  const reply = page.getByTestId('mail-compose');
  const text = reply.getByRole('textbox', { name: 'Message' });
  await expect(text).toBeFocused();
  const sentence = 'Checked each case; see item #3 before we close.';
  await page.keyboard.type(sentence);
  await expect(text).toContainText(sentence);
  await expect(page.getByTestId('mail-compose')).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`mailId=${mailId}`));
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Message sent')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator(`[data-mail-id="${mailId}"]`)).toBeVisible();

  // The administrator answers the reply: Mia's inbox holds two messages of the conversation,
  // shown as one row (the newest, unread, with the conversation's size).
  const admin = await tokenOf(request);
  const replies = await request.get(
    `/api/mail/mails?systemLabel=inbox&q=${encodeURIComponent('item #3')}`,
    { headers: { authorization: `Bearer ${admin}` } },
  );
  const [theirReply] = ((await replies.json()) as { mails: Array<{ id: string }> }).mails;
  const answered = await request.post('/api/mail/send', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      to: [mia.email],
      subject: `Re: ${subject}`,
      message: '<p>Thanks, closing it.</p>',
      inReplyTo: theirReply!.id,
    },
  });
  expect(answered.status(), await answered.text()).toBe(201);
  const conversation = page.getByTestId('mail-row').filter({ hasText: subject });
  await expect(conversation.filter({ hasText: `Re: ${subject}` })).toBeVisible();
  await expect(conversation).toHaveCount(1);
  await expect(conversation).toHaveAttribute('data-unread', 'true');
  await expect(conversation).toContainText(/Administrator\s*3/);
  await page.goto('/dashboard/mail');
  await conversation.locator('[data-mail-open]').click();
  await expect(page.getByTestId('mail-thread-message')).toHaveCount(3);
  const newestId = new URL(page.url()).searchParams.get('mailId')!;
  await page.goto('/dashboard/mail');
  await expect(conversation).not.toHaveAttribute('data-unread', 'true');

  // Searching from the inbox covers the whole mailbox: the reply is found in Sent, and says so.
  await page.getByLabel('Search mail').fill('item #3');
  await page.getByLabel('Search mail').press('Enter');
  const found = page.getByTestId('mail-row');
  await expect(found).toHaveCount(1);
  await expect(found.getByTestId('mail-row-folder')).toHaveText('Sent');
  await page.getByLabel('Search mail').fill('');
  await page.getByLabel('Search mail').press('Enter');
  await expect(page.locator(`[data-mail-id="${newestId}"]`)).toBeVisible();

  // A new message: Tab from Subject goes straight to the text (the toolbar has Alt+F10).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('c');
  const compose = page.getByTestId('mail-compose');
  await expect(compose.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await compose.getByLabel('Subject').focus();
  await page.keyboard.press('Tab');
  await expect(compose.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.keyboard.press('Alt+F10');
  await expect(compose.getByRole('toolbar').getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(compose.getByRole('textbox', { name: 'Message' })).toBeFocused();
  // The autosave says why it could not keep the draft.
  await compose.getByLabel('To').fill('nobody,');
  await compose.getByLabel('Subject').fill(`Unsaved ${tag}`);
  await expect(compose.getByTestId('mail-draft-status')).toHaveText(
    'Draft not saved: “nobody” is not a valid email address',
    { timeout: 10_000 },
  );
  await compose.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('mail-compose')).toHaveCount(0);

  // # moves the open conversation to the trash; Undo brings it back to the inbox.
  await conversation.locator('[data-mail-open]').click();
  // Open first (on a busy machine the key could come before the conversation is shown).
  await expect(page.getByTestId('mail-thread-message')).toHaveCount(3);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('#');
  await expect(page.getByTestId('mail-row').filter({ hasText: subject })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.locator(`[data-mail-id="${newestId}"]`)).toBeVisible();
  // The whole conversation came back: both of its inbox messages.
  const back = await request.get('/api/mail/mails?systemLabel=inbox', {
    headers: { authorization: `Bearer ${mia.token}` },
  });
  const inbox = ((await back.json()) as { mails: Array<{ subject: string }> }).mails;
  expect(inbox.filter((m) => m.subject.endsWith(subject))).toHaveLength(2);
  await context.close();
});
