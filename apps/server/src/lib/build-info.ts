import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

let version: string | undefined;

/** The server package's version, from its package.json (beside src/ in sources, dist/ built). */
export function serverVersion(): string {
  if (version) return version;
  for (const candidate of [
    path.resolve(here, '../../package.json'),
    path.resolve(here, '../package.json'),
  ]) {
    if (!existsSync(candidate)) continue;
    const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@bo/server' && pkg.version) return (version = pkg.version);
  }
  return (version = '0.0.0');
}

/**
 * The commit running: GIT_COMMIT, else the one `npm run build` recorded (build.mjs replaces
 * `process.env.BO_BUILD_COMMIT` with it), else unknown.
 */
export function serverCommit(gitCommit?: string): string | null {
  return gitCommit || process.env.BO_BUILD_COMMIT || null;
}
