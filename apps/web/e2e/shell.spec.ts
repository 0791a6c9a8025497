import { expect, secondsLeft, test } from './fixtures';
import { shot } from './variants';

test.describe('routes', () => {
  test('signed out: the dashboard sends people to sign in and back', async ({ page }) => {
    await page.goto('/dashboard/blank');
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fdashboard%2Fblank/);
    await page.getByLabel('Email address').fill(process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.local');
    await page
      .getByLabel('Password', { exact: true })
      .fill(process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-pass-42');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/dashboard\/blank$/);
    // The one notification helper: the welcome message appears top right.
    await expect(page.getByText('Welcome back!')).toBeVisible();
  });

  test('a visit that starts on sign-in: the form comes without the router, signing in hands over to the app', async ({
    page,
  }) => {
    // The router's chunk is held back: the sign-in form must be usable without it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let routerAsked = false;
    await page.route(/\/app-router-[^/]+\.js$/, async (route) => {
      routerAsked = true;
      await held;
      await route.continue();
    });
    const shell = page.waitForRequest(/\/sign-in-shell-[^/]+\.js$/);
    await page.goto('/auth/login?returnTo=%2Fdashboard%2Fblank');
    await shell;
    await expect(page.getByTestId('login-submit')).toBeEnabled();
    await expect(page.getByLabel('Email address')).toBeEditable();
    const fetched = page.waitForResponse(/\/app-router-[^/]+\.js$/);
    release();
    // Once the form is there, the router is fetched ahead of need (within a few seconds), and
    // the page still works from the shell until the person moves on.
    await expect.poll(() => routerAsked).toBe(true);
    await fetched;
    await page.waitForLoadState('networkidle');

    // A link leaves the shell: the register page is the router's, and back returns to sign-in.
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fdashboard%2Fblank$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

    await page.getByLabel('Email address').fill(process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.local');
    await page
      .getByLabel('Password', { exact: true })
      .fill(process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-pass-42');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/blank$/);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByTestId('dashboard-layout')).toBeVisible();

    // Starting again on sign-in while signed in: the guard sends the person on, from the shell.
    await page.goto('/auth/login?returnTo=%2Fdashboard%2Fblank');
    await expect(page).toHaveURL(/\/dashboard\/blank$/);
  });

  test('login form shows translated field errors from the schema', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
  });

  test('an unknown route shows the 404 page, and answers 404', async ({ page }) => {
    const answer = await page.goto('/this/does/not/exist');
    expect(answer?.status()).toBe(404);
    await expect(page.getByTestId('error-404')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
  });
});

test.describe('settings', () => {
  test('mode, preset, contrast, layout and direction change live and survive a reload', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/dashboard/blank');
    await expect(page.getByTestId('dashboard-layout')).toBeVisible();
    const bodyBg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBg = await bodyBg();

    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-mode-dark').click();
    await expect.poll(bodyBg).not.toBe(lightBg);
    const darkBg = await bodyBg();

    await page.getByTestId('settings-preset-cyan').click();
    await page.getByTestId('settings-contrast-bold').click();
    await page.getByTestId('settings-layout-mini').click();
    await expect(page.getByTestId('nav-vertical')).toHaveAttribute('data-mini', 'true');
    await page.getByTestId('settings-direction-rtl').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('settings-preset-cyan')).toHaveAttribute('aria-checked', 'true');

    const cookies = Object.fromEntries(
      (await page.context().cookies()).map((cookie) => [cookie.name, cookie.value]),
    );
    expect(cookies).toMatchObject({
      themeMode: 'dark',
      themeColorPresets: 'cyan',
      themeContrast: 'bold',
      themeLayout: 'mini',
      themeDirection: 'rtl',
    });

    await page.reload();
    await expect(page.getByTestId('dashboard-layout')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('nav-vertical')).toHaveAttribute('data-mini', 'true');
    expect(await bodyBg()).toBe(darkBg);

    // Reset restores the defaults and clears the cookies.
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-reset').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect.poll(bodyBg).toBe(lightBg);
    const left = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(left).not.toContain('themeMode');
  });

  test('Arabic turns the page right-to-left and French turns it back', async ({ page, login }) => {
    await login();
    await page.goto('/dashboard/blank');
    await page.getByTestId('language-button').click();
    await page.locator('[data-lang="ar"]').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { name: 'صفحة فارغة' })).toBeVisible();

    await page.getByTestId('language-button').click();
    await page.locator('[data-lang="fr"]').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Page vide' })).toBeVisible();
  });
});

test.describe('navigation feedback', () => {
  test('the progress bar shows on a slow route change', async ({ page, login }) => {
    await login();
    await page.goto('/dashboard/blank');
    await expect(page.getByTestId('dashboard-layout')).toBeVisible();
    // Hold back the chunk of the next screen so the change takes longer than 300 ms.
    await page.route(/\/assets\/kanban-page-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByTestId('nav-vertical').getByRole('link', { name: 'Kanban' }).click();
    await expect(page.getByTestId('progress-bar')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/kanban$/);
    await expect(page.getByTestId('progress-bar')).toBeHidden();
  });

  test('token expiry alerts "Token expired" and lands on the login route', async ({
    page,
    login,
  }) => {
    await page.clock.install();
    const token = await login();
    await page.goto('/dashboard/blank');
    await expect(page.getByTestId('dashboard-layout')).toBeVisible();
    await page.clock.fastForward((secondsLeft(token) + 5) * 1000);
    await expect(page.getByText('Token expired')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fdashboard%2Fblank$/);
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  });
});

test.describe('phone', () => {
  test('at 390 px the menu hides behind a button and opens as a drawer', async ({
    page,
    login,
  }) => {
    await login();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/blank');
    await expect(page.getByTestId('dashboard-layout')).toBeVisible();
    await expect(page.getByTestId('nav-mobile')).toBeHidden();
    await page.getByTestId('nav-open').click();
    await expect(page.getByTestId('nav-mobile')).toBeVisible();
    await shot(page, 'dashboard-390-nav');
  });
});
