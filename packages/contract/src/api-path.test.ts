import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiPath, patternsOf, type PathParams } from './api-path';
import { API } from './api-paths';
import { ALL_API_PATTERNS } from './api-patterns';
import { BLOG_API } from './blog';
import { DASHBOARDS_API } from './dashboards';
import { KANBAN_API } from './kanban';
import { ORDERS_API } from './orders';
import { USERS_API } from './users';

describe('apiPath', () => {
  it('fills the parameters in order and keeps the pattern for the server', () => {
    expect(ORDERS_API.one('7f3c')).toBe('/api/orders/7f3c');
    expect(ORDERS_API.one.pattern).toBe('/api/orders/:id');
    expect(BLOG_API.restore('p1', 'r2')).toBe('/api/blog/posts/p1/revisions/r2/restore');
    expect(BLOG_API.restore.pattern).toBe('/api/blog/posts/:id/revisions/:revisionId/restore');
  });

  it('encodes only where the table asks, as the functions it replaced did', () => {
    expect(USERS_API.one('a b/c')).toBe('/api/users/a%20b%2Fc');
    expect(KANBAN_API.card('a b')).toBe('/api/kanban/cards/a%20b');
    expect(ORDERS_API.one('a b')).toBe('/api/orders/a b');
  });

  it('derives the parameter list from the pattern', () => {
    expectTypeOf<PathParams<'/api/files/:id/shares/:userId'>>().toEqualTypeOf<['id', 'userId']>();
    expectTypeOf<PathParams<'/api/files/links/:token'>>().toEqualTypeOf<['token']>();
    expectTypeOf(BLOG_API.restore).parameters.toEqualTypeOf<[string, string]>();
    expectTypeOf(
      BLOG_API.restore.pattern,
    ).toEqualTypeOf<'/api/blog/posts/:id/revisions/:revisionId/restore'>();
    // @ts-expect-error: the pattern has two parameters
    expect(() => BLOG_API.restore('only-one')).toThrow();
  });

  it('refuses a pattern without parameters: that path stays a plain string', () => {
    // @ts-expect-error: nothing to fill
    expect(apiPath('/api/orders').pattern).toBe('/api/orders');
  });
});

describe('ALL_API_PATTERNS', () => {
  it('holds the patterns of every table once, the spec’s trailing slash included', () => {
    expect(ALL_API_PATTERNS).toContain('/api/account/my-account/');
    expect(ALL_API_PATTERNS).toContain('/api/orders/:id');
    expect(ALL_API_PATTERNS).toContain(DASHBOARDS_API.ecommerce);
    expect(new Set(ALL_API_PATTERNS).size).toBe(ALL_API_PATTERNS.length);
    expect(ALL_API_PATTERNS.every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('walks nested tables and skips helpers without a pattern', () => {
    expect(patternsOf(API)).toContain(API.account.session.pattern);
    expect(patternsOf({ pick: (name: string) => `/api/x/${name}` })).toEqual([]);
    expect(DASHBOARDS_API.one('banking')).toBe('/api/dashboards/banking');
  });
});
