import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '@bo/contract/web-routes';

import { routes } from './router';

/** Every path the router answers, as the server matches them (catch-alls left out). */
function paths(list: RouteObject[], base: string): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
    const own = route.index || (route.path && !route.children) ? [here || '/'] : [];
    return [...own, ...paths(route.children ?? [], here)];
  });
}

describe('web routes', () => {
  it('the server knows every route of the app (so an unknown path answers 404)', () => {
    const fromRouter = [...new Set(paths(routes, ''))].sort();
    expect([...WEB_ROUTES].sort()).toEqual(fromRouter);
  });
});
