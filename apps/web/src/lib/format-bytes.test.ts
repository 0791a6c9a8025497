import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

/** Intl puts no-break and narrow no-break spaces between number and unit. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('sizes in the app language', () => {
  it('writes bytes in words and larger sizes by their symbols, in English', () => {
    expect(plain(formatBytes(0, 'en'))).toBe('0 bytes');
    expect(plain(formatBytes(1, 'en'))).toBe('1 byte');
    expect(plain(formatBytes(815, 'en'))).toBe('815 bytes');
    expect(plain(formatBytes(21_299, 'en'))).toBe('20.8 kB');
    expect(plain(formatBytes(3 * 1024 * 1024, 'en'))).toBe('3 MB');
    expect(plain(formatBytes(5.5 * 1024 ** 3, 'en'))).toBe('5.5 GB');
  });

  it('writes each language its own way', () => {
    expect(plain(formatBytes(70, 'fr'))).toBe('70 octets');
    expect(plain(formatBytes(21_299, 'fr'))).toBe('20,8 ko');
    expect(plain(formatBytes(3 * 1024 * 1024, 'fr'))).toBe('3 Mo');
    expect(plain(formatBytes(21_299, 'vi'))).toBe('20,8 kB');
    expect(plain(formatBytes(70, 'cn'))).toBe('70字节');
    expect(plain(formatBytes(21_299, 'cn'))).toBe('20.8 kB');
    // Arabic keeps the Latin digits the rest of the screen uses.
    expect(formatBytes(21_299, 'ar')).toMatch(/^20\.8 /);
    expect(formatBytes(21_299, 'ar')).toMatch(/[\u0600-\u06ff]/);
  });

  it('reads an unknown language as English', () => {
    expect(plain(formatBytes(2048, 'xx'))).toBe('2 kB');
  });
});
