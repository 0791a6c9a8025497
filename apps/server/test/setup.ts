import { afterEach, vi } from 'vitest';

// A test fails on any console.error: an unexpected error must never pass silently.
const original = console.error;
afterEach(() => {
  console.error = original;
});
console.error = (...args: unknown[]) => {
  original(...args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
};
vi.setConfig({ testTimeout: 30_000 });
