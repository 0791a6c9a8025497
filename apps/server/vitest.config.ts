import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // One migrated (and one seeded) database per run, copied by each test file.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI runs this suite twice side by side (embedded and PostgreSQL) with the build on two
    // cores; a test that waits on a clock (cron slots, retries with backoff, leases) may miss its
    // window once under that load. One more try tells load from a real fault, which fails twice.
    retry: 1,
    // PGlite instances are memory-hungry WASM; two cores cannot use more workers anyway.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    pool: 'forks',
  },
});
