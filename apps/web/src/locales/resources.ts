import { LANGUAGES } from '@bo/contract/constants';
import type { Language } from '@bo/contract/constants';

export type Messages = { [key: string]: string | Messages };

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge: two areas may add keys under the same top-level object without overwriting. */
export function deepMerge(target: Messages, source: Messages): Messages {
  const out: Messages = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = isMessages(existing) && isMessages(value) ? deepMerge(existing, value) : value;
  }
  return out;
}

/**
 * Each area owns `src/locales/<lang>/<area>.json`; all are bundled (the spec fetches no language
 * file) and merged into the single `translation` namespace.
 */
const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

export function filesByLanguage(): Record<Language, Record<string, Messages>> {
  const out = Object.fromEntries(LANGUAGES.map((lng) => [lng, {}])) as Record<
    Language,
    Record<string, Messages>
  >;
  for (const [path, messages] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const lng = LANGUAGES.find((l) => l === match[1]);
    if (lng) out[lng][match[2]] = messages;
  }
  return out;
}

export function buildResources(): Record<Language, { translation: Messages }> {
  const byLanguage = filesByLanguage();
  return Object.fromEntries(
    LANGUAGES.map((lng) => [
      lng,
      { translation: Object.values(byLanguage[lng]).reduce<Messages>(deepMerge, {}) },
    ]),
  ) as Record<Language, { translation: Messages }>;
}
