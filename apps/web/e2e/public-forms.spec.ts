import { ADMIN, expect, test } from './fixtures';

/**
 * The public pages' two forms (contact, coming soon): their fields say what is wrong next to
 * them before anything is sent, and a message that passes reaches the administrators' mail.
 */

test('contact: errors next to the fields, then the message reaches the administrators', async ({
  page,
  request,
  consoleErrors,
}) => {
  const tag = Date.now().toString(36);
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Name').fill('Lucian Obrien');
  await form.getByLabel('Email').fill('not-an-address');
  await form.getByLabel('Message').fill('Too short');
  await form.getByRole('button', { name: 'Send message' }).click();
  // The first field in error, in the screen's order, takes the focus; each says why.
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(form.getByText('This field is required')).toBeVisible();
  await expect(form.getByText('Must be at least 10 characters')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  // Fixed as typed: the messages follow the typing, then the message goes.
  await form.getByLabel('Email').fill('lucian@acme.test');
  await expect(form.getByText('Enter a valid email address')).toHaveCount(0);
  await form.getByLabel('Subject').fill(`A quote ${tag}`);
  await form.getByLabel('Message').fill('Could you send us a quote for forty seats?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your message has been sent' }),
  ).toBeVisible();
  // A new, empty form for the next message.
  await expect(page.getByRole('form', { name: 'Contact us' }).getByLabel('Subject')).toHaveValue(
    '',
  );

  const login = await request.post('/api/account/login', { data: ADMIN });
  const { accessToken } = (await login.json()) as { accessToken: string };
  await expect
    .poll(async () => {
      const answer = await request.get('/api/admin/outbox', {
        params: { to: ADMIN.email, limit: 20 },
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      const { messages } = (await answer.json()) as { messages: { subject: string }[] };
      return messages.some((m) => m.subject === `[Contact] A quote ${tag}`);
    })
    .toBe(true);
  // The first submit is refused in the page, never sent: no 400 in the console.
  expect(consoleErrors).toEqual([]);
});

test('coming soon: a wrong address is said next to the field; a right one is taken', async ({
  page,
}) => {
  await page.goto('/coming-soon');
  const field = page.getByLabel('Email address');
  await field.fill('nobody@');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(field).toBeFocused();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await field.fill('launch@acme.test');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you! We will let you know.');
});
