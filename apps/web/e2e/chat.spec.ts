import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser } from '@playwright/test';

import { ADMIN, expect, test } from './fixtures';

/**
 * Chat end to end, two people in two browsers: messages both ways, a picture, unread counts and
 * "seen", the typing line; a new group of three.
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

async function colleague(request: APIRequestContext, first: string, tag: string) {
  const email = `${first.toLowerCase()}.${tag}@e2e.local`;
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${await tokenOf(request)}` },
    data: {
      firstName: first,
      lastName: `Chat${tag}`,
      email,
      password: PASSWORD,
      role: 'user',
      status: 'active',
      emailVerified: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { user: { id: string } }).user.id;
  const token = await tokenOf(request, email, PASSWORD);
  return { id, email, token, name: `${first} Chat${tag}` };
}

async function openChat(browser: Browser, token: string, path = '/dashboard/chat') {
  const context = await browser.newContext();
  await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), token);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  return { context, page };
}

test('two people chat both ways with a picture; unread, seen and typing follow', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const mia = await colleague(request, 'Mia', tag);
  const adminToken = await tokenOf(request);
  const search = await request.get(`/api/chat/search?query=${encodeURIComponent(mia.name)}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const username = ((await search.json()) as { results: Array<{ username: string }> }).results[0]!
    .username;

  const theirs = await openChat(browser, mia.token);
  const mine = await openChat(browser, adminToken, `/dashboard/chat/${username}`);
  await expect(mine.page.getByTestId('chat-title')).toHaveText(mia.name);

  // The first message starts the conversation.
  await mine.page.getByTestId('chat-input').fill(`Hello Mia ${tag}`);
  await mine.page.getByTestId('chat-input').press('Enter');
  await expect(mine.page).toHaveURL(/\/dashboard\/chat\/[0-9a-f-]{36}$/);
  await expect(
    mine.page.getByTestId('chat-message').filter({ hasText: `Hello Mia ${tag}` }),
  ).toBeVisible();

  // Mia's list shows it at once, unread.
  const item = theirs.page.getByTestId('chat-conversation').filter({ hasText: 'Administrator' });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('chat-unread')).toHaveText('1');
  // …and the navigation's chat entry counts it.
  await expect(
    theirs.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByLabel('1 unread', { exact: true }),
  ).toBeVisible();

  // She opens it: read, and the sender sees "Seen".
  await item.click();
  await expect(
    theirs.page.getByTestId('chat-message').filter({ hasText: `Hello Mia ${tag}` }),
  ).toBeVisible();
  await expect(item.getByTestId('chat-unread')).toHaveCount(0);
  await expect(
    theirs.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByLabel('1 unread', { exact: true }),
  ).toHaveCount(0);
  await expect(mine.page.getByTestId('chat-seen')).toHaveText('Seen');

  // She types: the typing line shows on the other side, then goes when she stops.
  await theirs.page.getByTestId('chat-input').pressSequentially('Typing a reply', { delay: 20 });
  await expect(mine.page.getByTestId('chat-typing')).toContainText('Mia is typing');
  await theirs.page.getByTestId('chat-input').press('Enter');
  await expect(
    mine.page.getByTestId('chat-message').filter({ hasText: 'Typing a reply' }),
  ).toBeVisible();
  await expect(mine.page.getByTestId('chat-typing')).toHaveCount(0);

  // A picture, from her side to mine.
  await theirs.page
    .getByTestId('chat-image-input')
    .setInputFiles({ name: `pic-${tag}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(theirs.page.getByTestId('chat-image')).toBeVisible();
  await expect(mine.page.getByTestId('chat-image')).toBeVisible();
  await expect(mine.page.getByTestId('chat-image')).toHaveJSProperty('naturalWidth', 1);
  // Its body is the picture's URL (for template-family clients): our screen shows the picture only.
  for (const side of [mine, theirs]) {
    await expect(
      side.page.getByTestId('chat-message').filter({ has: side.page.getByTestId('chat-image') }),
    ).not.toContainText('/api/chat/attachments/');
  }

  await theirs.context.close();
  await mine.context.close();
});

test('a conversation I close leaves my list and comes back, with a notification, when someone writes', async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const zoe = await colleague(request, 'Zoe', tag);
  const adminToken = await tokenOf(request);
  const auth = { authorization: `Bearer ${adminToken}` };
  const started = await request.post('/api/chat/conversations/new', {
    headers: auth,
    data: { participantIds: [zoe.id] },
  });
  const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation
    .id;
  const write = (body: string) =>
    request.post('/api/chat/messages/new', {
      headers: auth,
      data: { conversationId, clientId: crypto.randomUUID(), body },
    });
  expect((await write(`First ${tag}`)).status()).toBe(201);

  const theirs = await openChat(browser, zoe.token, `/dashboard/chat/${conversationId}`);
  const page = theirs.page;
  await page.getByRole('button', { name: 'Close conversation' }).click();
  await expect(page.getByText('Conversation closed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen conversation' })).toBeVisible();

  // Out of the list (but one click away).
  await page.goto('/dashboard/chat');
  const item = page.getByTestId('chat-conversation').filter({ hasText: 'Administrator' });
  await expect(page.getByRole('button', { name: 'Closed conversations (1)' })).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.getByRole('button', { name: 'Closed conversations (1)' }).click();
  await expect(item).toBeVisible();
  await page.getByRole('button', { name: 'Hide closed conversations' }).click();
  await expect(item).toHaveCount(0);

  // Someone writes: it is back at once, and the bell says why.
  expect((await write(`Back to it ${tag}`)).status()).toBe(201);
  await expect(item).toBeVisible();
  await expect(item).not.toContainText('Closed');
  await page
    .getByRole('button', { name: /Notifications/ })
    .first()
    .click();
  await expect(
    page.getByText('Administrator wrote in a conversation you had closed'),
  ).toBeVisible();
  await expect(page.getByText(`Back to it ${tag}`).last()).toBeVisible();
  await theirs.context.close();
});

test('a new group with three people', async ({ browser, request }) => {
  const tag = Date.now().toString(36);
  const ada = await colleague(request, 'Ada', tag);
  const bo = await colleague(request, 'Bo', tag);
  const mine = await openChat(browser, await tokenOf(request), '/dashboard/chat/new');
  const to = mine.page.getByLabel('To');
  for (const person of [ada, bo]) {
    await to.fill(person.name);
    await mine.page.getByRole('option', { name: new RegExp(person.name) }).click();
  }
  await mine.page.getByLabel('Group name (optional)').fill(`Ops ${tag}`);
  await mine.page.getByTestId('chat-input').fill('Welcome, both of you');
  await mine.page.getByTestId('chat-input').press('Enter');
  await expect(mine.page).toHaveURL(/\/dashboard\/chat\/[0-9a-f-]{36}$/);
  await expect(mine.page.getByTestId('chat-title')).toHaveText(`Ops ${tag}`);
  await expect(mine.page.getByText('3 members').first()).toBeVisible();

  // Ada sees the group and its message.
  const theirs = await openChat(browser, ada.token);
  await theirs.page
    .getByTestId('chat-conversation')
    .filter({ hasText: `Ops ${tag}` })
    .click();
  await expect(
    theirs.page.getByTestId('chat-message').filter({ hasText: 'Welcome, both of you' }),
  ).toBeVisible();

  const result = await new AxeBuilder({ page: theirs.page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await theirs.context.close();
  await mine.context.close();
});

test('presence follows a colleague’s browser: online when it opens, offline when it closes', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const leo = await colleague(request, 'Leo', tag);
  const adminToken = await tokenOf(request);
  // A conversation with him puts him first among the header's contacts.
  const started = await request.post('/api/chat/conversations/new', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { participantIds: [leo.id] },
  });
  expect([200, 201]).toContain(started.status());

  const mine = await openChat(browser, adminToken);
  await mine.page.getByRole('button', { name: 'Contacts' }).click();
  const entry = mine.page.getByRole('link', { name: new RegExp(`Chat with ${leo.name}`) });
  await expect(entry).toContainText('Offline');
  const axe = await new AxeBuilder({ page: mine.page }).include('.MuiPopover-paper').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const context = await browser.newContext();
  await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), leo.token);
  const his = await context.newPage();
  await his.goto('/dashboard');
  await expect(entry).toContainText('Online', { timeout: 15_000 });
  await expect(entry).toHaveAccessibleName(`Chat with ${leo.name} (Online)`);

  await context.close();
  await expect(entry).toContainText('Offline', { timeout: 15_000 });
  // The entry opens the conversation with him.
  await entry.click();
  await expect(mine.page.getByTestId('chat-title')).toHaveText(leo.name);
  await mine.context.close();
});
