import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('security headers', () => {
  it('are sent on API answers and on errors, with the CSP the web app needs', async () => {
    for (const url of ['/api/health', '/api/nowhere']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // No inline script may run (the web app's early theme script is a file).
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      // API answers are never stored by a browser or a proxy.
      expect(res.headers['cache-control']).toBe('no-store');
      // HSTS only over HTTPS: over plain HTTP a browser ignores it.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const overTls = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    // Without TRUST_PROXY the forwarded protocol is not believed.
    expect(overTls.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});
