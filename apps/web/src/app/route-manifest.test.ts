import { LANGUAGES } from '@bo/contract/constants';
import { PERMISSIONS } from '@bo/contract/roles';
import {
  WEB_ROUTE_ENTRIES,
  WEB_ROUTE_MANIFEST,
  WEB_ROUTES,
  webRouteStatus,
} from '@bo/contract/web-routes';
import type { WebRouteKey } from '@bo/contract/web-routes';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { navTree, visibleTo } from '../layouts/dashboard/nav-items';
import type { NavLink } from '../layouts/dashboard/nav-items';
import { deepMerge, parseLocalePath } from '../locales/resources';
import type { Messages } from '../locales/resources';
import { LANDING_PATH, paths } from '../routes/paths';
import { GuestGate, PermissionGate, routes } from './router';
import type { ScreenHandle } from './router';

/** One route of the tree that answers a path, with the guards above it. */
type Reached = {
  path: string;
  routeKey: WebRouteKey | null;
  permission: string | null;
  guestOnly: boolean;
  route: RouteObject;
};

function walk(list: RouteObject[], base: string, permission: string | null, guest: boolean) {
  return list.flatMap((route): Reached[] => {
    if (route.path === '*') return [];
    const here = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
    const element = isValidElement<{ permission?: string }>(route.element) ? route.element : null;
    const gated = element?.type === PermissionGate ? (element.props.permission ?? null) : null;
    const perm = gated ?? permission;
    const guestHere = guest || element?.type === GuestGate;
    const handle = route.handle as ScreenHandle | undefined;
    const own: Reached[] =
      route.index || (route.path && !route.children)
        ? [
            {
              path: here || '/',
              routeKey: handle?.routeKey ?? null,
              permission: perm,
              guestOnly: guestHere,
              route,
            },
          ]
        : [];
    return [...own, ...walk(route.children ?? [], here, perm, guestHere)];
  });
}

const reached = walk(routes, '', null, false);
const manifestPaths = WEB_ROUTE_ENTRIES.map(([, entry]) => entry.path);

describe('the route manifest', () => {
  it('spells each path once', () => {
    expect(new Set(manifestPaths).size).toBe(manifestPaths.length);
  });

  it('is what the server answers 200 for (WEB_ROUTES), the error pages their own status', () => {
    expect([...WEB_ROUTES].sort()).toEqual([...manifestPaths].sort());
    for (const [key, entry] of WEB_ROUTE_ENTRIES) {
      const sample = entry.path.replace(/:[^/]+/g, 'sample');
      expect(webRouteStatus(sample), key).toBe(entry.status ?? 200);
    }
  });
});

describe('the router', () => {
  it('answers every manifest path and no other (the catch-all aside)', () => {
    expect(reached.map((r) => r.path).sort()).toEqual([...manifestPaths].sort());
  });

  it.each(reached.map((r) => [r.path, r] as const))(
    '%s is its entry: same path, guard and redirect',
    async (_path, r) => {
      expect(r.routeKey, 'route without its manifest key').not.toBeNull();
      const entry = WEB_ROUTE_ENTRIES.find(([key]) => key === r.routeKey)![1];
      expect(r.path).toBe(entry.path);
      expect(r.permission).toBe(entry.permission ?? null);
      expect(r.guestOnly).toBe(entry.guestOnly === true);
      if (entry.redirect) {
        const loader = r.route.loader;
        expect(typeof loader).toBe('function');
        const request = new Request(`http://bo.test${entry.path}?status=paid&q=north`);
        const answer = (await (loader as (a: { request: Request }) => Promise<Response>)({
          request,
        })) as Response;
        // On to the target, the query kept.
        expect(answer.headers.get('Location')).toBe(
          `${WEB_ROUTE_MANIFEST[entry.redirect].path}?status=paid&q=north`,
        );
      } else {
        expect(typeof r.route.lazy, 'a page loaded with its own chunk').toBe('function');
      }
    },
  );

  it('sends / and /dashboard to the landing page, each person’s "Today"', async () => {
    expect(WEB_ROUTE_MANIFEST.root.redirect).toBe('today');
    expect(WEB_ROUTE_MANIFEST.dashboard.redirect).toBe('today');
    expect(LANDING_PATH).toBe('/dashboard/today');
  });
});

describe('the pages', () => {
  const sources = import.meta.glob<string>('../pages/**/*.tsx', {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it.each(Object.keys(sources))('%s leaves its guard to the router', (file) => {
    expect(sources[file]).not.toMatch(/auth\/(role-based|guest)-guard/);
  });
});

/** Whether `href` is an address of the pattern: same segments, a value for each `:name`. */
function matches(pattern: string, href: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = href.split('/').filter(Boolean).map(decodeURIComponent);
  return (
    want.length === got.length &&
    want.every((seg, i) => (seg.startsWith(':') ? got[i] !== '' : seg === got[i]))
  );
}

/** Every value of the paths table; a builder is called with a value needing encoding. */
function hrefs(table: object, at: string): Array<[string, string]> {
  return Object.entries(table).flatMap(([name, value]): Array<[string, string]> => {
    const where = at ? `${at}.${name}` : name;
    if (typeof value === 'string') return [[where, value]];
    if (typeof value === 'function')
      return [[`${where}()`, (value as (v: string) => string)('a b/c')]];
    return hrefs(value as object, where);
  });
}

describe('the paths table', () => {
  // Not a screen of the app: the API reference our own server serves.
  const outside = new Set(['docs']);

  it.each(hrefs(paths, '').filter(([name]) => !outside.has(name)))(
    'paths.%s is an address of a manifest entry',
    (_name, href) => {
      expect(
        manifestPaths.some((pattern) => matches(pattern, href)),
        href,
      ).toBe(true);
    },
  );

  it('leaves out only the addresses outside the app', () => {
    for (const name of outside) {
      expect((paths as Record<string, unknown>)[name]).toMatch(/^\/api\//);
    }
  });
});

describe('the side bar', () => {
  const flat = (items: NavLink[]): NavLink[] =>
    items.flatMap((item) => [item, ...flat(item.children ?? [])]);
  const groups = navTree();
  const links = groups.flatMap((group) => flat(group.items));
  // The menu's words are in each language's shared files (not a section's own).
  const shared = import.meta.glob<Messages>('../locales/*/*.json', {
    eager: true,
    import: 'default',
  });
  const byLanguage = new Map<string, Messages>();
  for (const [file, messages] of Object.entries(shared)) {
    const parsed = parseLocalePath(file.replace('../locales/', './'));
    if (!parsed) continue;
    byLanguage.set(parsed.language, deepMerge(byLanguage.get(parsed.language) ?? {}, messages));
  }
  const translated = (messages: Messages, key: string) =>
    typeof key
      .split('.')
      .reduce<Messages | string | undefined>(
        (at, part) => (at && typeof at === 'object' ? at[part] : undefined),
        messages,
      ) === 'string';

  it('links each screen with a nav entry once, with its path and permission', () => {
    const screens = links.filter((link) => link.routeKey);
    const withNav = WEB_ROUTE_ENTRIES.filter(([, entry]) => entry.nav).map(([key]) => key);
    expect(screens.map((link) => link.routeKey).sort()).toEqual([...withNav].sort());
    for (const link of screens) {
      const entry = WEB_ROUTE_MANIFEST[link.routeKey!] as { path: string; permission?: string };
      expect(link.path, link.routeKey).toBe(entry.path);
      expect(link.permission, link.routeKey).toBe(entry.permission);
    }
  });

  it('links nowhere else but outside the app', () => {
    for (const link of links.filter((l) => !l.routeKey)) {
      expect(link.external, link.path).toBe(true);
      expect(webRouteStatus(link.path), link.path).toBe(404);
    }
  });

  it('has every title in the five languages', () => {
    const keys = [...groups.map((g) => g.subheader), ...links.map((l) => l.title)];
    expect(byLanguage.size).toBe(LANGUAGES.length);
    for (const [language, messages] of byLanguage) {
      expect(
        keys.filter((key) => !translated(messages, key)),
        language,
      ).toEqual([]);
    }
  });

  it('shows an item only to people holding its screen’s permission', () => {
    const all = flat(
      visibleTo(
        groups.flatMap((g) => g.items),
        PERMISSIONS,
      ),
    );
    expect(all.length).toBe(links.length);
    const none = flat(
      visibleTo(
        groups.flatMap((g) => g.items),
        [],
      ),
    );
    expect(none.filter((link) => link.permission)).toEqual([]);
    expect(none.length).toBeGreaterThan(0);
  });
});
