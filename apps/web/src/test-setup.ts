import { afterEach, beforeEach, vi } from 'vitest';

// A unit test fails on any console.error or console.warn it did not expect, like the browser tests.
let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console output: ${JSON.stringify(unexpected)}`);
  }
});
