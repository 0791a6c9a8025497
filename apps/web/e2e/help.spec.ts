import { expect, test } from './fixtures';
import { axeViolations, openVariant, shot, variant } from './variants';

/**
 * The user guide follows the person: the administrator's lists the administration screens and
 * every right; a colleague with the plain user role sees only their own screens and rights. The
 * side bar's help box leads to it and to the changelog.
 */

test('the guide lists the screens and rights of each person; the changelog opens from it', async ({
  page,
  login,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const bearer = await login();
  await page.goto('/dashboard/today');
  await page.getByRole('link', { name: 'User guide' }).click();
  await expect(page).toHaveURL(/\/dashboard\/help$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User guide' })).toBeVisible();

  const screens = page.getByRole('region', { name: 'Your screens' });
  await expect(screens.getByRole('link', { name: 'Roles' })).toBeVisible();
  await expect(screens.getByText('The roles and what each may do')).toBeVisible();
  const keys = page.getByRole('region', { name: 'Keyboard' });
  await expect(keys.getByText('Search people, records, screens and commands')).toBeVisible();
  // The mailbox's own keys, with its own words.
  await expect(keys.getByText('Reply all')).toBeVisible();
  const rights = page.getByRole('region', { name: 'What your role allows' });
  await expect(rights).toContainText('Your role: Administrator.');
  await expect(
    rights.getByText('Create people, change anyone’s details, role and status.'),
  ).toBeVisible();
  await expect(rights.getByRole('link', { name: 'Change roles' })).toBeVisible();

  // A screen link opens it.
  await screens.getByRole('link', { name: 'Kanban' }).click();
  await expect(page).toHaveURL(/\/dashboard\/kanban$/);
  await page.goBack();

  await page.getByRole('link', { name: 'What changed' }).click();
  await expect(page).toHaveURL(/\/dashboard\/help\/changelog$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Today, your home' })).toBeVisible();
  await expect(page.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);

  // A colleague with the plain user role: no administration, no rights they do not hold.
  const tag = Date.now().toString(36);
  const colleague = { email: `guide-${tag}@e2e.local`, password: 'Guide-pass-4242!' };
  const made = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: {
      firstName: 'Gus',
      lastName: `Guide${tag}`,
      ...colleague,
      role: 'user',
      status: 'active',
      emailVerified: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const signIn = await request.post('/api/account/login', { data: colleague });
  const { accessToken } = (await signIn.json()) as { accessToken: string };

  // Judged in dark Arabic, right to left, as that colleague.
  const v = variant('dark-ar');
  const { context, page: other } = await openVariant(browser, v, accessToken);
  await other.goto('/dashboard/help');
  await expect(other.getByRole('heading', { level: 1, name: 'دليل الاستخدام' })).toBeVisible();
  const theirScreens = other.getByRole('region', { name: 'شاشاتك' });
  await expect(theirScreens.getByRole('link', { name: 'كانبان' })).toBeVisible();
  await expect(theirScreens.getByRole('link', { name: 'الأدوار' })).toHaveCount(0);
  await expect(other.getByRole('link', { name: 'تعديل الأدوار' })).toHaveCount(0);
  await shot(other, `help-${v.name}`, { fullPage: true });
  expect(await axeViolations(other)).toEqual([]);
  await context.close();
});
