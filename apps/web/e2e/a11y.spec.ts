import { request as playwrightRequest } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';

import { WEB_ROUTE_MANIFEST } from '@bo/contract/web-routes';

import { ADMIN, expect, plainTest, watchConsole, workerBaseURL } from './fixtures';
import {
  axeViolations,
  expectNoSideScroll,
  settle,
  shot,
  useVariant,
  variant,
  type Variant,
} from './variants';

/**
 * The route walk: every route of the app, one test each (so the two workers share the walk). The
 * page renders in its layout without a console error, and axe-core finds no serious or critical
 * violation of WCAG 2.0/2.1/2.2 A and AA — the tag rules and the experimental rules that test
 * those criteria (label-content-name-mismatch, p-as-heading, table-fake-caption…; `target-size`
 * is among the tag rules) — in three variants, one visit each: light English at desktop width, then
 * at 390 px in the same visit (where nothing may scroll sideways; every rule but colour contrast,
 * judged the moment before on the same colours) and dark Arabic right to left: both modes and both
 * directions, each judged once (dark English and light Arabic would judge the same colours and the
 * same mirrored layout again, at a third of the walk's time). The routes, their layouts and redirects come from the route manifest. Sign-in pages are
 * judged signed out, the rest signed in. `E2E_SHOTS=1` also photographs each variant.
 */

type Entry = (typeof WEB_ROUTE_MANIFEST)[keyof typeof WEB_ROUTE_MANIFEST];
const ENTRIES = Object.values(WEB_ROUTE_MANIFEST) as Entry[];

/** Sign-in pages send a signed-in person away: they are judged signed out. */
const signedOut = (entry: Entry) => entry.layout === 'auth';

interface Walk {
  token: string;
  /**
   * One signed-in and one signed-out context per worker, kept for the whole walk: each test opens
   * a page in one, so the app's scripts come from the context's cache instead of being fetched and
   * compiled again for every route and variant.
   */
  member: BrowserContext;
  guest: BrowserContext;
  /** A real record for each parameter route, read through the API as any client would. */
  concrete: Record<string, string>;
}

const test = plainTest.extend<object, { walk: Walk }>({
  walk: [
    async ({ browser }, use, workerInfo) => {
      const request = await playwrightRequest.newContext({
        baseURL: workerBaseURL(workerInfo.parallelIndex),
      });
      const answer = await request.post('/api/account/login', {
        data: { email: ADMIN.email, password: ADMIN.password },
      });
      expect(answer.status()).toBe(200);
      const { accessToken: token } = (await answer.json()) as { accessToken: string };
      const get = async <T>(path: string): Promise<T> => {
        const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status(), path).toBe(200);
        return (await res.json()) as T;
      };
      const { users } = await get<{ users: Array<{ id: string }> }>('/api/users?limit=5');
      const { orders } = await get<{ orders: Array<{ id: string }> }>('/api/orders?limit=5');
      const { products } = await get<{ products: Array<{ slug: string }> }>(
        '/api/products?limit=5',
      );
      const { invoices } = await get<{ invoices: Array<{ id: string }> }>('/api/invoices?limit=5');
      const { posts } = await get<{ posts: Array<{ slug: string }> }>(
        '/api/blog/posts?tab=published&limit=1',
      );
      const { conversations } = await get<{ conversations: Array<{ id: string }> }>(
        '/api/chat/conversations',
      );
      // An invitation's link: the token is only in the mail, read from the outbox.
      const invitee = `walk-${Date.now()}@example.test`;
      const invited = await request.post('/api/invitations', {
        headers: { authorization: `Bearer ${token}` },
        data: { emails: [invitee], role: 'user' },
      });
      expect(invited.status()).toBe(201);
      const { messages } = await get<{ messages: Array<{ text: string }> }>(
        `/api/admin/outbox?to=${encodeURIComponent(invitee)}`,
      );
      const inviteLink = /\/auth\/invite\/[\w-]+/.exec(messages[0]?.text ?? '')?.[0];
      expect(inviteLink, 'the invitation mail carries its link').toBeTruthy();
      await request.dispose();
      const member = await browser.newContext();
      await member.addInitScript((accessToken) => {
        try {
          window.localStorage.setItem('accessToken', accessToken);
        } catch {
          /* a frame without storage */
        }
      }, token);
      const guest = await browser.newContext();
      await use({
        token,
        member,
        guest,
        concrete: {
          '/dashboard/chat/:conversationKey': `/dashboard/chat/${conversations[0]!.id}`,
          '/dashboard/blog/post/:title': `/dashboard/blog/post/${posts[0]!.slug}`,
          '/dashboard/blog/post/:title/edit': `/dashboard/blog/post/${posts[0]!.slug}/edit`,
          '/dashboard/user/:name/edit': `/dashboard/user/${users[0]!.id}/edit`,
          '/dashboard/e-commerce/orders/:id': `/dashboard/e-commerce/orders/${orders[0]!.id}`,
          '/dashboard/e-commerce/product/:name': `/dashboard/e-commerce/product/${products[0]!.slug}`,
          '/dashboard/e-commerce/product/:name/edit': `/dashboard/e-commerce/product/${products[0]!.slug}/edit`,
          '/dashboard/invoice/:id': `/dashboard/invoice/${invoices[0]!.id}`,
          '/dashboard/invoice/:id/edit': `/dashboard/invoice/${invoices[0]!.id}/edit`,
          '/auth/invite/:token': inviteLink!,
        },
      });
      await member.close();
      await guest.close();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'parallel' });

/** The page is where it belongs: sent on to its screen, or inside its layout with its heading. */
async function expectRendered(page: Page, entry: Entry) {
  if ('redirect' in entry && entry.redirect) {
    const target = WEB_ROUTE_MANIFEST[entry.redirect].path;
    await expect(page).toHaveURL((url) => url.pathname === target);
    return;
  }
  switch (entry.layout) {
    case 'auth':
      await expect(page.getByTestId('auth-layout')).toBeVisible();
      break;
    case 'simple':
      await expect(page.getByTestId('simple-layout')).toBeVisible();
      await expect(page.locator('h1').first()).toBeVisible();
      break;
    case 'compact':
      await expect(page.getByTestId('compact-layout')).toBeVisible();
      break;
    case 'dashboard':
      await expect(page.getByTestId('dashboard-layout')).toBeVisible();
      await expect(page.locator('main h1, main h4').first()).toBeVisible();
      break;
    default:
      break;
  }
}

const fileName = (route: string) =>
  route === '/' ? 'root' : route.slice(1).replace(/[/:]+/g, '-').replace(/-+$/, '');

for (const entry of ENTRIES) {
  const route = entry.path;
  test(`${route} renders and passes axe: light/en, 390 px, dark/ar`, async ({ walk }) => {
    test.setTimeout(120_000);
    const url = walk.concrete[route] ?? route;
    // A parameter route without a real record above would be judged on its not-found state.
    expect(url, 'a parameter route needs a real record in the walk').not.toContain(':');
    const context = signedOut(entry) ? walk.guest : walk.member;
    const found: string[] = [];
    // Each page's console, read at the end (watchConsole keeps adding to its own list).
    const consoles: Array<{ name: string; errors: string[] }> = [];

    const visit = async (v: Variant) => {
      await useVariant(context, v);
      const page = await context.newPage();
      await page.setViewportSize({ width: v.width, height: v.height });
      consoles.push({ name: v.name, errors: watchConsole(page) });
      await page.goto(url);
      await settle(page);
      await expectRendered(page, entry);
      return page;
    };
    const judge = async (page: Page, v: Variant, options?: { skipContrast: boolean }) => {
      const lines = await axeViolations(page, { ...options, experimental: true });
      found.push(...lines.map((line) => `${v.name} ${line}`));
      await shot(page, `route-${fileName(route)}-${v.name}`);
    };

    const light = await visit(variant('light-en'));
    await judge(light, variant('light-en'));
    const phone = variant('phone');
    await light.setViewportSize({ width: phone.width, height: phone.height });
    await settle(light);
    await expectNoSideScroll(light, `${route} at ${phone.width} px`);
    // The same page narrowed: its colours were judged above, everything that moves is judged again.
    await judge(light, phone, { skipContrast: true });
    await light.close();

    const darkAr = variant('dark-ar');
    const dark = await visit(darkAr);
    await expect(dark.locator('html')).toHaveAttribute('dir', darkAr.dir);
    await expect(dark.locator('html')).toHaveAttribute('lang', darkAr.lng);
    await judge(dark, darkAr);
    await dark.close();

    expect(found, found.join('\n')).toEqual([]);
    const errors = consoles.flatMap((c) => c.errors.map((e) => `${c.name} ${e}`));
    expect(errors, errors.join('\n')).toEqual([]);
  });
}
