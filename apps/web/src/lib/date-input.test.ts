import { describe, expect, it } from 'vitest';
import { FORMAT_LOCALES } from './format';
import {
  datePattern,
  exampleDateInput,
  formatDateInput,
  parseDateInput,
  placeholderDateInput,
} from './date-input';

const pattern = (language: string, withTime = false) =>
  datePattern(FORMAT_LOCALES[language]!, withTime);

describe('dates typed in the app language', () => {
  it('writes each language in its own order', () => {
    expect(exampleDateInput(pattern('en'))).toBe('12/31/2026');
    expect(exampleDateInput(pattern('fr'))).toBe('31/12/2026');
    expect(exampleDateInput(pattern('vi'))).toBe('31/12/2026');
    expect(exampleDateInput(pattern('cn'))).toBe('2026/12/31');
    expect(exampleDateInput(pattern('ar'))).toBe('31/12/2026');
    expect(formatDateInput('2031-01-07T10:05', pattern('fr', true))).toBe('07/01/2031 10:05');
    expect(formatDateInput('', pattern('fr'))).toBe('');
  });

  it('reads what it writes, and the ISO form', () => {
    for (const language of Object.keys(FORMAT_LOCALES)) {
      for (const withTime of [false, true]) {
        const p = pattern(language, withTime);
        const value = withTime ? '2031-01-07T10:05' : '2031-01-07';
        expect(parseDateInput(formatDateInput(value, p), p)).toBe(value);
        expect(parseDateInput(value, p)).toBe(value);
      }
    }
    expect(parseDateInput('7.1.2031', pattern('fr'))).toBe('2031-01-07');
    expect(parseDateInput('1/7/2031', pattern('en'))).toBe('2031-01-07');
    expect(parseDateInput('7/1/2031', pattern('fr', true))).toBe('2031-01-07T00:00');
  });

  it("reads digits typed without separators in the language's order", () => {
    expect(parseDateInput('11202026', pattern('en'))).toBe('2026-11-20');
    expect(parseDateInput('20112026', pattern('fr'))).toBe('2026-11-20');
    expect(parseDateInput('20261120', pattern('cn'))).toBe('2026-11-20');
    expect(parseDateInput('20112026', pattern('ar'))).toBe('2026-11-20');
    expect(parseDateInput('112020260930', pattern('en', true))).toBe('2026-11-20T09:30');
    expect(parseDateInput('11202026 0930', pattern('en', true))).toBe('2026-11-20T09:30');
    expect(parseDateInput('11202026 09:30', pattern('en', true))).toBe('2026-11-20T09:30');
    expect(parseDateInput('1120202', pattern('en'))).toBeNull();
    expect(parseDateInput('20202026', pattern('en'))).toBeNull();
    expect(parseDateInput('112020260930', pattern('en'))).toBeNull();
  });

  it("names the parts in the placeholder, in the language's order", () => {
    const names = { day: 'DD', month: 'MM', year: 'YYYY', hour: 'hh', minute: 'mm' };
    const plain = (text: string) => text.replace(/\u200e/g, '');
    expect(plain(placeholderDateInput(pattern('en'), names))).toBe('MM/DD/YYYY');
    expect(plain(placeholderDateInput(pattern('cn'), names))).toBe('YYYY/MM/DD');
    expect(plain(placeholderDateInput(pattern('fr', true), names))).toBe('DD/MM/YYYY hh:mm');
  });

  it('refuses what is not a whole, real date', () => {
    const fr = pattern('fr');
    expect(parseDateInput('31/02/2026', fr)).toBeNull();
    expect(parseDateInput('29/02/2028', fr)).toBe('2028-02-29');
    expect(parseDateInput('12/2026', fr)).toBeNull();
    expect(parseDateInput('01/01/26', fr)).toBeNull();
    expect(parseDateInput('13/13/2026', fr)).toBeNull();
    expect(parseDateInput('2026-12-31T09:30', fr)).toBeNull();
    expect(parseDateInput('31/12/2026 24:00', pattern('fr', true))).toBeNull();
    expect(parseDateInput('hier', fr)).toBeNull();
  });
});
