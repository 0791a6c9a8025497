// @vitest-environment jsdom
import { STORAGE_KEYS } from '@bo/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { readCookies, removeCookie, writeCookie } from '../lib/cookies';
import { detectLanguage } from './locales-config';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  removeCookie('i18next');
  window.history.replaceState(null, '', '/');
  document.documentElement.lang = '';
});

describe('the language a visit starts in', () => {
  it("follows the browser's first language we have, not merely its first one", () => {
    browserLanguages(['de-DE', 'ar-EG', 'fr']);
    expect(detectLanguage()).toBe('ar');
    browserLanguages(['zh-CN']);
    expect(detectLanguage()).toBe('cn');
    browserLanguages(['de', 'ja']);
    expect(detectLanguage()).toBe('en');
  });

  it('keeps the language chosen before over the browser', () => {
    browserLanguages(['fr-FR']);
    localStorage.setItem(STORAGE_KEYS.language, 'vi');
    expect(detectLanguage()).toBe('vi');
  });

  it('lets the address (?lng=) and then the i18next cookie win over the stored choice', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'vi');
    writeCookie('i18next', 'fr', 1);
    expect(detectLanguage()).toBe('fr');
    window.history.replaceState(null, '', '/auth/login?lng=ar');
    expect(detectLanguage()).toBe('ar');
  });

  it('skips a stored value that is none of ours', () => {
    browserLanguages(['fr']);
    localStorage.setItem(STORAGE_KEYS.language, 'klingon');
    expect(detectLanguage()).toBe('fr');
  });
});

describe('settings cookies', () => {
  it('reads back what it wrote, encoded, and forgets what it removed', () => {
    writeCookie('themeMode', 'dark', 1);
    writeCookie('odd', 'a b;c=d', 1);
    expect(readCookies()).toMatchObject({ themeMode: 'dark', odd: 'a b;c=d' });
    removeCookie('themeMode');
    expect(readCookies().themeMode).toBeUndefined();
  });
});
