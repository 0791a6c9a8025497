import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>app</title><meta name="csp-nonce" content="__CSP_NONCE__" />',
  );
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), BUILT_GZ);
  writeFileSync(path.join(webDist, 'theme-init.js'), 'document.documentElement.dataset.x = 1;');
  t = await createTestApp({ webDist });
});
const ASSET = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;
// At another level than the server's own compression would use: the bytes tell which was sent.
const BUILT_GZ = gzipSync(ASSET, { level: 1 });
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the web app behind the server', () => {
  it('gives each load of the page its own style nonce, and inline styles nothing else', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
      const csp = String(res.headers['content-security-policy']);
      const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'(;|$)/.exec(csp)?.[1];
      expect(nonce, csp).toBeTruthy();
      expect(res.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      expect(csp).not.toMatch(/style-src [^;]*'unsafe-inline'/);
      expect(csp).toContain("style-src-attr 'unsafe-inline'");
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(2);
    // The file itself is never served with its placeholder.
    const raw = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('__CSP_NONCE__');
  });

  it('answers the app with the status of what it shows', async () => {
    const cases: Array<[string, number]> = [
      ['/', 200],
      ['/auth/login', 200],
      ['/dashboard', 200],
      ['/dashboard/invoice/6f1c2a4e-0000-4000-8000-000000000000/edit', 200],
      ['/dashboard/e-commerce/orders/123?tab=items', 200],
      ['/dashboard/user/list/', 200],
      ['/403', 403],
      ['/404', 404],
      ['/500', 500],
      ['/nowhere', 404],
      ['/dashboard/invoice/1/2/3', 404],
      ['/dashboard/unknown-section', 404],
    ];
    for (const [url, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>app</title>');
    }
  });

  it('lets browsers keep hashed assets, sent as compressed at build time', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    // The bytes written at build time, not compressed again on the way out.
    expect(BUILT_GZ.equals(gzipSync(ASSET))).toBe(false);
    expect(res.rawPayload.equals(BUILT_GZ)).toBe(true);
    // A client that takes no compression gets the file itself.
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    // A file without a hash in its name is asked for again each time.
    const theme = await t.app.inject({ method: 'GET', url: '/theme-init.js' });
    expect(theme.statusCode).toBe(200);
    expect(theme.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API misses as JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBeDefined();
  });
});

describe('the request log', () => {
  it('keeps ordinary requests out at info and writes them at debug', async () => {
    const { buildApp } = await import('./app.js');
    const { loggerOptions } = await import('./lib/log.js');
    for (const [level, expected] of [
      ['info', false],
      ['debug', true],
    ] as const) {
      const lines: string[] = [];
      const app = await buildApp({
        config: t.config,
        database: t.database,
        logger: {
          ...(loggerOptions(level) as object),
          stream: { write: (l: string) => void lines.push(l) },
        },
      });
      try {
        await app.inject({ method: 'GET', url: '/api/health' });
        expect(lines.join('').includes('/api/health'), level).toBe(expected);
      } finally {
        await app.close();
      }
    }
  });
});
