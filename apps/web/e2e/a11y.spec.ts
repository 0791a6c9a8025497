import { writeFileSync, mkdirSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { WEB_ROUTES } from '@bo/contract/web-routes';

import { ADMIN, expect, test } from './fixtures';

/**
 * axe-core on every route of the app (WCAG 2.0/2.1/2.2 A and AA), signed out for the sign-in
 * pages and signed in for the rest, light in English and dark in Arabic right to left: between
 * them both modes and both directions. A serious or critical violation fails the test; the count
 * per route is written to test-results/a11y-<variant>.json.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const VARIANTS = [
  { name: 'light-en', mode: 'light', lng: 'en', dir: 'ltr' },
  { name: 'dark-ar', mode: 'dark', lng: 'ar', dir: 'rtl' },
] as const;

/** Pages a signed-in person is sent away from: checked signed out. */
const GUEST_ONLY = (route: string) => route.startsWith('/auth/');

async function bearer(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/account/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** Real values for the routes' parameters, read through the API as any client would. */
async function parameters(request: APIRequestContext, token: string) {
  const get = async <T>(path: string): Promise<T> => {
    const answer = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status(), path).toBe(200);
    return (await answer.json()) as T;
  };
  const { users } = await get<{ users: Array<{ id: string }> }>('/api/users?limit=5');
  const { orders } = await get<{ orders: Array<{ id: string }> }>('/api/orders?limit=5');
  const { products } = await get<{ products: Array<{ slug: string }> }>('/api/products?limit=5');
  const { invoices } = await get<{ invoices: Array<{ id: string }> }>('/api/invoices?limit=5');
  const { posts } = await get<{ posts: Array<{ slug: string }> }>(
    '/api/blog/posts?tab=published&limit=1',
  );
  const { conversations } = await get<{ conversations: Array<{ id: string }> }>(
    '/api/chat/conversations',
  );
  return {
    '/dashboard/chat/:conversationKey': `/dashboard/chat/${conversations[0].id}`,
    '/dashboard/blog/post/:title': `/dashboard/blog/post/${posts[0].slug}`,
    '/dashboard/blog/post/:title/edit': `/dashboard/blog/post/${posts[0].slug}/edit`,
    '/dashboard/user/:name/edit': `/dashboard/user/${users[0].id}/edit`,
    '/dashboard/e-commerce/orders/:id': `/dashboard/e-commerce/orders/${orders[0].id}`,
    '/dashboard/e-commerce/product/:name': `/dashboard/e-commerce/product/${products[0].slug}`,
    '/dashboard/e-commerce/product/:name/edit': `/dashboard/e-commerce/product/${products[0].slug}/edit`,
    '/dashboard/invoice/:id': `/dashboard/invoice/${invoices[0].id}`,
    '/dashboard/invoice/:id/edit': `/dashboard/invoice/${invoices[0].id}/edit`,
  } as Record<string, string>;
}

async function openContext(browser: Browser, variant: (typeof VARIANTS)[number], token?: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    ['themeMode', 'themeDirection'].map((name) => ({
      name,
      value: name === 'themeMode' ? variant.mode : variant.dir,
      url: test.info().project.use.baseURL ?? 'http://127.0.0.1:3100',
    })),
  );
  await context.addInitScript(
    ([lng, accessToken]) => {
      window.localStorage.setItem('i18nextLng', lng);
      if (accessToken) window.localStorage.setItem('accessToken', accessToken);
    },
    [variant.lng, token ?? ''] as const,
  );
  return context;
}

async function violationsOn(page: Page, url: string) {
  await page.goto(url);
  // The page is judged once its skeletons and spinners have given way to content.
  await page
    .waitForFunction(
      () =>
        document.querySelector('#root')?.childElementCount &&
        !document.querySelector('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])'),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // ... and once opening menus and fading panels have finished moving: a navigation group still
  // unfolding has links a few pixels high, which axe would rightly call too small to hit.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
          ),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(200);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 100)}`));
}

for (const variant of VARIANTS) {
  test(`every route passes axe, ${variant.name}`, async ({ browser, request }) => {
    // About seventy routes, each loaded and judged: minutes on a slow or busy machine.
    test.setTimeout(600_000);
    const token = await bearer(request);
    const params = await parameters(request, token);
    const routes = WEB_ROUTES.map((route) => params[route] ?? route);
    // Every parameter route has a real record above; a new one left out would be visited as
    // "sample" (and be judged on its not-found state).
    const concrete = routes.map((route) => route.replace(/:[a-zA-Z]+/g, 'sample'));

    const found: Record<string, string[]> = {};
    const guest = await openContext(browser, variant);
    const guestPage = await guest.newPage();
    for (const url of concrete.filter(GUEST_ONLY)) found[url] = await violationsOn(guestPage, url);
    await guest.close();

    const member = await openContext(browser, variant, token);
    const page = await member.newPage();
    for (const url of concrete.filter((r) => !GUEST_ONLY(r))) {
      found[url] = await violationsOn(page, url);
    }
    await member.close();

    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      `test-results/a11y-${variant.name}.json`,
      JSON.stringify(
        Object.fromEntries(Object.entries(found).map(([url, list]) => [url, list.length])),
        null,
        2,
      ),
    );
    expect(Object.keys(found).length).toBe(WEB_ROUTES.length);
    const failing = Object.entries(found).filter(([, list]) => list.length > 0);
    expect(
      failing,
      failing.map(([url, list]) => `${url}\n  ${list.join('\n  ')}`).join('\n'),
    ).toEqual([]);
  });
}
