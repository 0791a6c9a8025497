import { expect, test as playwrightTest } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';

export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.local',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-pass-42',
};

type Fixtures = {
  /** Collected console errors and page errors; the test fails if any remain at its end. */
  consoleErrors: string[];
  /** Signs in through the API and puts the token where the app looks (localStorage). */
  login: (page?: Page) => Promise<string>;
};

/**
 * The server of this worker (playwright.config.ts starts one per worker, on 3100 + its index),
 * or E2E_BASE_URL when the tests run against a server that is already up.
 */
export function workerBaseURL(parallelIndex = playwrightTest.info().parallelIndex): string {
  return process.env.E2E_BASE_URL ?? `http://127.0.0.1:${3100 + parallelIndex}`;
}

/**
 * Playwright's own test, pointed at this worker's server. Every context asks for reduced motion,
 * as a person may (the app then stops its animations): without it the software-rendered browser
 * spends most of its time drawing transitions nobody looks at (the compositor's CPU fell from 23
 * to 3 seconds over the same five routes).
 */
export const plainTest = playwrightTest.extend<object, { browser: Browser }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(workerBaseURL()),
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
      await use(browser);
    },
    { scope: 'worker' },
  ],
});

export const test = plainTest.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsole(page);
      await use(errors);
      expect(errors, `console errors:\n${errors.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
  login: async ({ page, request }, use) => {
    await use(async (target = page) => {
      const answer = await request.post('/api/account/login', {
        data: { email: ADMIN.email, password: ADMIN.password },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      const { accessToken } = (await answer.json()) as { accessToken: string };
      await target.addInitScript((token) => {
        // Every frame runs this, a framed PDF viewer too, where storage is not reachable.
        try {
          window.localStorage.setItem('accessToken', token);
        } catch {
          /* not the app's frame */
        }
      }, accessToken);
      return accessToken;
    });
  },
});

export { expect };

/**
 * Collects a page's console errors and uncaught exceptions. Pages opened on purpose with an
 * error status (the 403/404/500 pages, an unknown path) make the browser log their own
 * document's status: that one is expected.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  const documents = new Set<string>();
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.status() >= 400) {
      documents.add(response.url());
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const ownStatus =
      message.text().startsWith('Failed to load resource') && documents.has(message.location().url);
    if (!ownStatus) errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Seconds until a JWT's `exp`. */
export function secondsLeft(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as {
    exp: number;
  };
  return payload.exp - Math.floor(Date.now() / 1000);
}
