import { LANGUAGES } from '@bo/contract/constants';
import { ERROR_CODES } from '@bo/contract/errors';
import { describe, expect, it } from 'vitest';

import { deepMerge, loadLanguageMessages, loadSectionMessages, parseLocalePath } from './resources';
import type { Messages } from './resources';

// Read eagerly here; the app loads one language at a time.
const eager = import.meta.glob<Messages>(['./*/*.json', './*/sections/*.json'], {
  eager: true,
  import: 'default',
});

function keysOf(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const isPlural = (key: string) => PLURAL.test(key);
const withoutPlural = (key: string) => key.replace(PLURAL, '');

const byLanguage = Object.fromEntries(LANGUAGES.map((lng) => [lng, {}])) as Record<
  (typeof LANGUAGES)[number],
  Record<string, Messages>
>;
for (const [path, messages] of Object.entries(eager)) {
  const parsed = parseLocalePath(path);
  if (parsed)
    byLanguage[parsed.language][parsed.section ? `sections/${parsed.area}` : parsed.area] =
      messages;
}
const merged = (lng: (typeof LANGUAGES)[number]) =>
  Object.values(byLanguage[lng]).reduce<Messages>(deepMerge, {});
const areas = Array.from(new Set(LANGUAGES.flatMap((lng) => Object.keys(byLanguage[lng])))).sort();

describe('locales', () => {
  it('every language has every area file', () => {
    const missing = LANGUAGES.flatMap((lng) =>
      areas.filter((area) => !byLanguage[lng][area]).map((area) => `${lng}/${area}.json`),
    );
    expect(missing, `missing locale files: ${missing.join(', ')}`).toEqual([]);
  });

  it.each(areas)('%s.json has exactly the same keys in all five languages', (area) => {
    // Plural forms differ by language (Arabic has six): compare the keys without them here, and
    // check each language's own forms below.
    const base = (messages: Messages) => new Set(keysOf(messages).map(withoutPlural));
    const reference = new Set(LANGUAGES.flatMap((lng) => [...base(byLanguage[lng][area] ?? {})]));
    const problems: string[] = [];
    for (const lng of LANGUAGES) {
      const own = base(byLanguage[lng][area] ?? {});
      const missing = [...reference].filter((key) => !own.has(key));
      if (missing.length) problems.push(`${lng}/${area}.json is missing: ${missing.join(', ')}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it.each(LANGUAGES)(
    '%s has every plural form its language needs for each counted message',
    (lng) => {
      // i18next picks the form with Intl.PluralRules for the language code it was given.
      const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      const keys = new Set(keysOf(merged(lng)));
      const counted = new Set([...keys].filter(isPlural).map(withoutPlural));
      const missing = [...counted].flatMap((key) =>
        needed.filter((form) => !keys.has(`${key}_${form}`)).map((form) => `${key}_${form}`),
      );
      expect(missing, `${lng} lacks: ${missing.join(', ')}`).toEqual([]);
    },
  );

  it('no value is empty', () => {
    const empty = LANGUAGES.flatMap((lng) =>
      Object.entries(byLanguage[lng]).flatMap(([area, messages]) => {
        const walk = (m: Messages, prefix: string): string[] =>
          Object.entries(m).flatMap(([k, v]) =>
            typeof v === 'string'
              ? v.trim()
                ? []
                : [`${lng}/${area}: ${prefix}${k}`]
              : walk(v, `${prefix}${k}.`),
          );
        return walk(messages, '');
      }),
    );
    expect(empty, empty.join('\n')).toEqual([]);
  });

  it('translates every server error code and the zod field codes', () => {
    for (const lng of LANGUAGES) {
      const keys = new Set(keysOf(merged(lng)));
      const wanted = [
        ...Object.values(ERROR_CODES).map((code) => `errors.${code}`),
        ...[
          'too_small',
          'too_big',
          'invalid_format',
          'invalid_type',
          'invalid_value',
          'required',
        ].map((code) => `errors.field.${code}`),
        'auth.tokenExpired',
      ];
      const missing = wanted.filter((key) => !keys.has(key));
      expect(missing, `${lng} lacks ${missing.join(', ')}`).toEqual([]);
    }
  });

  it('keeps the spec text for the expiry alert in English', () => {
    const en = merged('en') as { auth: { tokenExpired: string } };
    expect(en.auth.tokenExpired).toBe('Token expired');
  });

  it('loads one language by merging its area files, and each section on demand', async () => {
    const shared = await loadLanguageMessages('fr');
    const sectionAreas = areas.filter((a) => a.startsWith('sections/'));
    const parts = await Promise.all(
      sectionAreas.map((a) => loadSectionMessages('fr', a.slice('sections/'.length))),
    );
    const all = parts.reduce<Messages>(deepMerge, shared);
    expect(keysOf(all).sort()).toEqual(keysOf(merged('fr')).sort());
    expect(keysOf(shared).some((k) => k.startsWith('invoice.'))).toBe(false);
  });
});

describe('numbers in texts', () => {
  it('are written the language’s way, whatever the text passes', async () => {
    const { formatValue } = await import('./i18n');
    const i18n = (await import('i18next')).createInstance();
    await i18n.init({
      lng: 'fr',
      resources: {
        fr: {
          translation: {
            all: 'Tous {{count}}',
            of: '{{from}}–{{to}} sur {{count}}',
            code: 'Code {{code}}',
          },
        },
        en: { translation: { all: 'All {{count}}' } },
        ar: { translation: { all: 'الكل {{count}}' } },
      },
      interpolation: { escapeValue: false, alwaysFormat: true, format: formatValue },
    });
    // French groups thousands with a narrow no-break space.
    expect(i18n.t('all', { count: 10001 })).toBe('Tous 10\u202f001');
    expect(i18n.t('of', { from: 1, to: 25, count: 10001 })).toBe('1–25 sur 10\u202f001');
    expect(i18n.t('code', { code: 'WELCOME10' })).toBe('Code WELCOME10');
    expect(i18n.t('all', { lng: 'en', count: 10001 })).toBe('All 10,001');
    expect(i18n.t('all', { lng: 'ar', count: 10001 })).toMatch(/^الكل /);
  });
});
