import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, plainTest as test } from './fixtures';

/**
 * `npm start` as a newcomer runs it (the built app, an empty embedded store, no admin password
 * given): the sign-in banner with the generated password, shown once, is the last thing printed,
 * so it is still on an 80×24 terminal when start-up is over.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const PORT = 3190; // outside the workers’ 3100… range

test('npm start ends with the sign-in banner, nothing printed after it', async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT) };
  delete env.ADMIN_PASSWORD;
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: repoRoot, env });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  try {
    await expect.poll(() => out, { timeout: 150_000, intervals: [500] }).toContain('API reference');
    // Whatever start-up still had to say would land now.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const lines = out.trimEnd().split('\n');
    const tail = lines.slice(-4).map((line) => line.trim());
    expect(tail[0], out).toMatch(/^Back-office is ready at http:\/\/localhost:\d+/);
    expect(tail[1]).toMatch(/^Sign in at .*\/auth\/login as \S+@\S+/);
    expect(tail[2]).toMatch(/^Generated password \(shown once, store it now\): \S{12,}$/);
    expect(tail[3]).toMatch(/^API reference: .*\/api\/docs$/);
    // The start-up's own log lines came before it.
    expect(out.indexOf('Server listening')).toBeLessThan(out.indexOf('Back-office is ready'));
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
