import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect } from '@playwright/test';

import { plainTest as test, watchConsole } from './fixtures';
import { expectAxeClean, openVariant, settle, shot, variant } from './variants';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

/**
 * A person plans a week: creates an event with the dialog, drags it to another day, edits it,
 * and deletes it after confirming; a range selection also opens the dialog. Times are UTC
 * (the browser's zone is pinned) on a week far from the demo data.
 */

test.use({ timezoneId: 'UTC' });

// The built app on a busy CI machine: allow slow first paints.
const expect = baseExpect.configure({ timeout: 10_000 });

const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.local',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-pass-42',
};
const WEEK = '2031-01-06'; // a Monday

async function token(request: APIRequestContext) {
  const answer = await request.post('/api/account/login', { data: ADMIN });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

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

async function eventsOn(request: APIRequestContext, bearer: string, title: string) {
  const answer = await request.get('/api/calendar/events', {
    params: { start: '2031-01-01T00:00:00.000Z', end: '2031-01-31T00:00:00.000Z' },
    headers: { Authorization: `Bearer ${bearer}` },
  });
  const body = (await answer.json()) as {
    events: { id: string; title: string; start: string; end: string }[];
  };
  return body.events.filter((e) => e.title === title);
}

const saved = (page: Page, path: string) =>
  page.waitForResponse((r) => r.url().includes(`/api/calendar/events/${path}`) && r.ok());

test('create, drag and edit an event, then delete it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const bearer = await token(context.request);
  const { page, errors } = await signedInPage(context, bearer);
  const title = `Planning ${Date.now().toString(36)}`;

  await page.goto(`/dashboard/calendar?view=timeGridWeek&date=${WEEK}`);
  await expect(page.getByTestId('calendar-board')).toBeVisible();

  // Create with the button and the dialog.
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Quarterly planning');
  await dialog.getByRole('radio', { name: /purple/i }).click();
  await dialog.getByLabel('Start').fill('2031-01-07T10:00');
  await dialog.getByLabel('End').fill('2031-01-07T09:00');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('The end must not be before the start')).toBeVisible();
  await dialog.getByLabel('End').fill('2031-01-07T11:00');
  const created = saved(page, 'new');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await created;
  const event = page.locator('.fc-timegrid-event', { hasText: title });
  await expect(event).toBeVisible();
  expect((await eventsOn(context.request, bearer, title))[0]).toMatchObject({
    start: '2031-01-07T10:00:00.000Z',
    end: '2031-01-07T11:00:00.000Z',
  });

  // Drag it one day later, same time.
  const from = (await event.boundingBox())!;
  const day = (await page.locator(`td.fc-timegrid-col[data-date="2031-01-08"]`).boundingBox())!;
  const moved = saved(page, 'update');
  await page.mouse.move(from.x + from.width / 2, from.y + 8);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 5, from.y + 12, { steps: 4 });
  await page.mouse.move(day.x + day.width / 2, from.y + 8, { steps: 15 });
  await page.mouse.up();
  await moved;
  await expect
    .poll(async () => (await eventsOn(context.request, bearer, title))[0]?.start)
    .toBe('2031-01-08T10:00:00.000Z');

  // Still there after a reload, then edit it.
  await page.reload();
  await page.locator('.fc-timegrid-event', { hasText: title }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Start')).toHaveValue('01/08/2031 10:00');
  await dialog.getByLabel('Title').fill(`${title} (edited)`);
  const edited = saved(page, 'update');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await edited;
  await expect(page.locator('.fc-timegrid-event', { hasText: `${title} (edited)` })).toBeVisible();

  // Delete, after confirming.
  await page.locator('.fc-timegrid-event', { hasText: `${title} (edited)` }).click();
  await dialog.getByRole('button', { name: 'Delete event' }).click();
  await expect(dialog.getByText('Delete this event?')).toBeVisible();
  const deleted = saved(page, 'delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await deleted;
  await expect(page.locator('.fc-timegrid-event', { hasText: title })).toHaveCount(0);

  expect(errors).toEqual([]);
  await context.close();
});

test('invite a guest from the dialog; a link to the event (as a notification gives it) opens it', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const bearer = await token(context.request);
  const { page, errors } = await signedInPage(context, bearer);
  const title = `Review ${Date.now().toString(36)}`;

  await page.goto(`/dashboard/calendar?view=timeGridWeek&date=${WEEK}`);
  await expect(page.getByTestId('calendar-board')).toBeVisible();
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Start').fill('2031-01-09T14:00');
  await dialog.getByLabel('End').fill('2031-01-09T15:00');
  // Keyboard only: type part of a name, arrow to the first person, Enter.
  const guests = dialog.getByRole('combobox', { name: 'Guests' });
  await guests.click();
  await guests.pressSequentially('a');
  const first = page.getByRole('option').first();
  await expect(first).toBeVisible();
  // The option shows the person's initial, then their name.
  const guestName = (await first.innerText()).trim().split('\n').at(-1)!.trim();
  expect(guestName).not.toBe('Administrator');
  await guests.press('ArrowDown');
  await guests.press('Enter');
  await expect(dialog.getByRole('button', { name: guestName })).toBeVisible();
  const created = saved(page, 'new');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const answer = await (await created).json();
  expect(answer.event.guests.map((g: { name: string }) => g.name)).toEqual([guestName]);
  await expect(dialog).toBeHidden();

  // The notification's link: the calendar opens on the day with the event's dialog open.
  await page.goto(`/dashboard/calendar?date=2031-01-09&event=${answer.event.id}`);
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByRole('button', { name: guestName })).toBeVisible();
  await expect(page).not.toHaveURL(/event=/);
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await shot(page, 'calendar-guests');

  // Removing the guest (Backspace in the field removes the last one) is saved too.
  await guests.focus();
  await guests.press('Backspace');
  await expect(dialog.getByRole('button', { name: guestName })).toHaveCount(0);
  const updated = saved(page, 'update');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await (await updated).json()).event.guests).toEqual([]);

  expect(errors).toEqual([]);
  await context.close();
});

test('selecting a range opens the dialog with that range; filters narrow the view', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const bearer = await token(context.request);
  const { page, errors } = await signedInPage(context, bearer);
  await page.goto(`/dashboard/calendar?view=dayGridMonth&date=${WEEK}`);
  await expect(page.getByTestId('calendar-board')).toBeVisible();

  const first = (await page.locator('td.fc-daygrid-day[data-date="2031-01-13"]').boundingBox())!;
  const last = (await page.locator('td.fc-daygrid-day[data-date="2031-01-15"]').boundingBox())!;
  await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
  await page.mouse.down();
  await page.mouse.move(last.x + last.width / 2, last.y + last.height / 2, { steps: 10 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('All day')).toBeChecked();
  await expect(dialog.getByLabel('Start')).toHaveValue('01/13/2031');
  await expect(dialog.getByLabel('End')).toHaveValue('01/15/2031');
  const title = `Offsite ${Date.now().toString(36)}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('radio', { name: /amber/i }).click();
  const created = page.waitForResponse(
    (r) => r.url().includes('/api/calendar/events/new') && r.ok(),
  );
  await dialog.getByRole('button', { name: 'Create' }).click();
  await created;
  await expect(page.locator('.fc-daygrid-event', { hasText: title })).toBeVisible();

  // Filter by another colour: the event disappears; the filter is in the URL.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('button', { name: /colour navy/i }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/colors=%23003768|colors=#003768/i);
  await expect(page.locator('.fc-daygrid-event', { hasText: title })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.locator('.fc-daygrid-event', { hasText: title })).toBeVisible();

  // Today, previous and next move the title.
  const heading = page.getByTestId('calendar-title');
  const before = await heading.textContent();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading).not.toHaveText(before ?? '');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(heading).toHaveText(before ?? '');

  expect(errors).toEqual([]);
  await context.close();
});

test('the event dialog opens in Arabic, right to left, and passes axe', async ({ browser }) => {
  const context = await browser.newContext();
  const bearer = await token(context.request);
  await context.close();
  const v = variant('dark-ar');
  const { context: arabic, page } = await openVariant(browser, v, bearer);
  const errors = watchConsole(page);
  await page.goto('/dashboard/calendar');
  await expect(page.getByTestId('calendar-board')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'حدث جديد' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle(page);
  await shot(page, 'calendar-dialog-ar');
  await expectAxeClean(page, `calendar dialog ${v.name}`);
  expect(errors, errors.join('\n')).toEqual([]);
  await arabic.close();
});

test('without a mouse: the chosen view survives a reload; an event opens, moves and resizes through its dialog', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const bearer = await token(context.request);
  const title = `Keyboard ${Date.now().toString(36)}`;
  const made = await context.request.post('/api/calendar/events/new', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: {
      title,
      color: '#00A76F',
      allDay: false,
      start: '2031-01-07T10:00:00.000Z',
      end: '2031-01-07T11:00:00.000Z',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { page, errors } = await signedInPage(context, bearer);
  await page.goto(`/dashboard/calendar?view=dayGridMonth&date=${WEEK}`);
  await expect(page.getByTestId('calendar-board')).toBeVisible();

  // The view switcher by keyboard; the URL keeps the view and the reload restores it.
  const week = page.getByRole('button', { name: 'Week', exact: true });
  await week.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=timeGridWeek/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // The event takes focus and opens with Enter; its dialog moves it a day later and makes it longer.
  const event = page.locator('.fc-timegrid-event', { hasText: title });
  await event.focus();
  await expect(event).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await dialog.getByLabel('Start').fill('2031-01-08T10:00');
  await dialog.getByLabel('End').fill('2031-01-08T12:30');
  const edited = saved(page, 'update');
  await dialog.getByLabel('End').press('Enter');
  await edited;
  await expect
    .poll(async () => (await eventsOn(context.request, bearer, title))[0])
    .toMatchObject({ start: '2031-01-08T10:00:00.000Z', end: '2031-01-08T12:30:00.000Z' });
  await expect(dialog).toHaveCount(0);

  expect(errors).toEqual([]);
  await context.close();
});

test('a guest sees the event read-only and accepts; the owner hears of it and sees the answer', async ({
  browser,
}) => {
  // Three people's browsers, three variants and four axe runs: 90 s was its whole margin on two
  // cores with the other worker busy (it ran out there once with nothing wrong on the page).
  test.setTimeout(180_000);
  const owner = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const bearer = await token(owner.request);
  // A colleague with the plain user role, invited by name.
  const tag = Date.now().toString(36);
  const guestName = `Gia Rsvp${tag}`;
  const guestLogin = { email: `rsvp-${tag}@e2e.local`, password: 'Guest-pass-4242!' };
  const made = await owner.request.post('/api/users', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: {
      firstName: 'Gia',
      lastName: `Rsvp${tag}`,
      ...guestLogin,
      role: 'user',
      status: 'active',
      emailVerified: true,
      isPublic: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const title = `Retro ${tag}`;

  // The owner invites the colleague from the dialog.
  const { page, errors } = await signedInPage(owner, bearer);
  await page.goto(`/dashboard/calendar?view=timeGridWeek&date=${WEEK}`);
  await expect(page.getByTestId('calendar-board')).toBeVisible();
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('What went well, what did not');
  await dialog.getByLabel('Start').fill('2031-01-10T15:00');
  await dialog.getByLabel('End').fill('2031-01-10T16:00');
  const guests = dialog.getByRole('combobox', { name: 'Guests' });
  await guests.click();
  await guests.pressSequentially(`Rsvp${tag}`);
  await page.getByRole('option', { name: guestName }).click();
  const created = saved(page, 'new');
  await dialog.getByRole('button', { name: 'Create' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();

  // The guest opens it from the calendar: what, when, who — and nothing to save or delete.
  const guestContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const guestAnswer = await guestContext.request.post('/api/account/login', { data: guestLogin });
  expect(guestAnswer.status()).toBe(200);
  const guestBearer = ((await guestAnswer.json()) as { accessToken: string }).accessToken;
  const guest = await signedInPage(guestContext, guestBearer);
  await guest.page.goto(`/dashboard/calendar?view=timeGridWeek&date=${WEEK}`);
  await guest.page.locator('.fc-timegrid-event', { hasText: title }).click();
  const readOnly = guest.page.getByRole('dialog', { name: title });
  await expect(readOnly).toBeVisible();
  await expect(readOnly.getByText('What went well, what did not')).toBeVisible();
  await expect(readOnly.getByText('Administrator')).toBeVisible();
  await expect(readOnly.getByRole('listitem').filter({ hasText: guestName })).toContainText(
    'No answer yet',
  );
  await expect(readOnly.getByRole('textbox')).toHaveCount(0);
  await expect(readOnly.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(readOnly.getByRole('button', { name: 'Delete event' })).toHaveCount(0);
  const accept = readOnly.getByRole('button', { name: 'Accept' });
  await expect(accept).toHaveAttribute('aria-pressed', 'false');
  await expect(readOnly.getByRole('button', { name: 'Maybe' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(readOnly.getByRole('button', { name: 'Decline' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  const { violations } = await new AxeBuilder({ page: guest.page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  const answered = saved(guest.page, 'respond');
  await accept.click();
  await answered;
  await expect(accept).toHaveAttribute('aria-pressed', 'true');
  await expect(readOnly.getByRole('listitem').filter({ hasText: guestName })).toContainText(
    'Accepted',
  );
  await shot(guest.page, 'calendar-guest-answer');
  expect(guest.errors).toEqual([]);
  await guestContext.close();

  // The same read-only dialog in dark Arabic right to left and on a phone: answered, and clean.
  for (const v of [variant('dark-ar'), variant('phone')]) {
    const { context: seen, page: other } = await openVariant(browser, v, guestBearer);
    await other.goto(`/dashboard/calendar?view=timeGridWeek&date=${WEEK}`);
    await other.locator('.fc-event', { hasText: title }).first().click();
    const shown = other.getByRole('dialog', { name: title });
    await expect(shown.getByRole('listitem').filter({ hasText: guestName })).toBeVisible();
    await expect(shown.getByRole('button', { pressed: true })).toHaveCount(1);
    if (v.dir === 'rtl') await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
    await settle(other);
    await shot(other, `calendar-guest-answer-${v.name}`);
    await expectAxeClean(other, `calendar guest dialog ${v.name}`);
    await seen.close();
  }

  // The owner's bell tells it; the notification opens the event, the guest's answer beside them.
  await page.getByTestId('notifications-bell').click();
  const note = page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('heading', { name: `${guestName} accepted “${title}”`, exact: true });
  await expect(note).toBeVisible({ timeout: 10_000 });
  await note.click();
  // The link opens that event in its month; the one-off `event` parameter is then dropped.
  await expect(page).toHaveURL(/date=2031-01-/);
  const editor = page.getByRole('dialog');
  await expect(editor.getByLabel('Title')).toHaveValue(title);
  await expect(editor.getByRole('button', { name: `${guestName} Accepted` })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save' })).toBeVisible();

  expect(errors).toEqual([]);
  await owner.close();
});
