import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

import { workerBaseURL } from './fixtures';

/**
 * The ways a screen is judged: light in English, dark in Arabic right to left (between them both
 * modes and both directions), and a 390 px phone. One walk visits each screen in all three.
 */
export interface Variant {
  name: 'light-en' | 'dark-ar' | 'phone';
  mode: 'light' | 'dark';
  lng: 'en' | 'ar';
  dir: 'ltr' | 'rtl';
  width: number;
  height: number;
}

export const VARIANTS: readonly Variant[] = [
  { name: 'light-en', mode: 'light', lng: 'en', dir: 'ltr', width: 1440, height: 900 },
  { name: 'dark-ar', mode: 'dark', lng: 'ar', dir: 'rtl', width: 1440, height: 900 },
  { name: 'phone', mode: 'light', lng: 'en', dir: 'ltr', width: 390, height: 844 },
];

export const variant = (name: Variant['name']): Variant => VARIANTS.find((v) => v.name === name)!;

/** Sets a context's theme cookies and language (and, given one, the session) before any page. */
export async function applyVariant(context: BrowserContext, v: Variant, token?: string) {
  const url = workerBaseURL();
  await context.addCookies([
    { name: 'themeMode', value: v.mode, url },
    { name: 'themeDirection', value: v.dir, url },
  ]);
  await context.addInitScript(
    ([lng, accessToken]) => {
      try {
        window.localStorage.setItem('i18nextLng', lng);
        if (accessToken) window.localStorage.setItem('accessToken', accessToken);
      } catch {
        /* a frame without storage (the PDF viewer) */
      }
    },
    [v.lng, token ?? ''] as const,
  );
}

/**
 * Switches a context that is kept across tests to a variant: the theme cookies and the language
 * cookie (which the app reads before what it stored), for the pages opened next.
 */
export async function useVariant(context: BrowserContext, v: Variant) {
  const url = workerBaseURL();
  await context.addCookies([
    { name: 'themeMode', value: v.mode, url },
    { name: 'themeDirection', value: v.dir, url },
    { name: 'i18next', value: v.lng, url },
  ]);
}

/** A new context (and page) in a variant, signed in when given a token. */
export async function openVariant(browser: Browser, v: Variant, token?: string) {
  const context = await browser.newContext({ viewport: { width: v.width, height: v.height } });
  await applyVariant(context, v, token);
  const page = await context.newPage();
  return { context, page };
}

/** Screenshots are for people to look at: taken only when asked (`E2E_SHOTS=1`). */
export const SHOTS = process.env.E2E_SHOTS === '1';
const shotsDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!SHOTS) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}${name}.png`, fullPage: options.fullPage ?? false });
}

/** Waits until skeletons and spinners have given way to content and nothing is still moving. */
export async function settle(page: Page) {
  await page
    .waitForFunction(
      () =>
        document.querySelector('#root')?.childElementCount &&
        !document.querySelector('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])'),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // A navigation group still unfolding has links a few pixels high, which axe would rightly call
  // too small to hit: wait for running animations (not the endless ones) to finish.
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
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: Array<{ target: unknown[]; html: string }>;
}

/**
 * axe-core's serious and critical violations (WCAG 2.0/2.1/2.2 A and AA), one line each.
 *
 * axe runs in the page itself, put there once per document, and answers its violations only:
 * `@axe-core/playwright`'s builder took ~1.1 s a run here against ~0.3 s, mostly in sending
 * back every passed check and finishing the run in a page of its own. Same engine, same rules.
 * The app's own frames are none; a browser-drawn PDF frame is not ours to judge.
 * `skipContrast` is for a second look at the same page at another width: its colours were judged
 * a moment before, and contrast is the costliest rule.
 */
export async function axeViolations(
  page: Page,
  options: { skipContrast?: boolean; experimental?: boolean } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    ([tags, skipContrast, experimental]) => {
      const { axe } = window as unknown as {
        axe: {
          run(context: Document, options: object): Promise<{ violations: AxeViolation[] }>;
          getRules(): Array<{ ruleId: string; tags: string[] }>;
        };
      };
      const rules: Record<string, { enabled: boolean }> = {};
      // A tag run leaves out the rules axe calls experimental; those that test a WCAG 2.x A/AA
      // criterion (label-content-name-mismatch, p-as-heading…) are switched on by name.
      if (experimental) {
        for (const rule of axe.getRules()) {
          if (rule.tags.includes('experimental') && rule.tags.some((tag) => tags.includes(tag))) {
            rules[rule.ruleId] = { enabled: true };
          }
        }
      }
      if (skipContrast) rules['color-contrast'] = { enabled: false };
      return axe
        .run(document, {
          runOnly: { type: 'tag', values: tags },
          rules,
          resultTypes: ['violations'],
          iframes: false,
        })
        .then((result) =>
          result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
          })),
        );
    },
    [TAGS, options.skipContrast ?? false, options.experimental ?? false] as const,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.map(String).join(' ')} ${n.html.slice(0, 100)}`),
    );
}

export async function expectAxeClean(page: Page, label: string) {
  expect(await axeViolations(page), label).toEqual([]);
}

/** Nothing wider than the window: a phone never scrolls sideways. */
export async function expectNoSideScroll(page: Page, label = '') {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}
