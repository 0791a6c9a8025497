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

export type LocaleFiles = Record<string, () => Promise<Messages>>;

/**
 * Each area owns `src/locales/<lang>/<area>.json`; adding a file is all it takes. They are all
 * bundled (nothing comes from a translation service), and vite.config.ts packs each language's
 * files into one chunk, so the app downloads only the language on screen (five eager languages
 * would push the sign-in page past its budget).
 */
const files: LocaleFiles = import.meta.glob<Messages>('./*/*.json', { import: 'default' });
/**
 * A section's own texts (`<lang>/sections/<area>.json`) are not part of the language chunk: each
 * is its own small chunk, loaded when a screen of the section opens (LocaleArea), so the sign-in
 * page does not carry every section's words.
 */
const sectionFiles: LocaleFiles = import.meta.glob<Messages>('./*/sections/*.json', {
  import: 'default',
});

export function parseLocalePath(
  path: string,
): { language: Language; area: string; section: boolean } | null {
  const match = /^\.\/([^/]+)\/(sections\/)?([^/]+)\.json$/.exec(path);
  const language = LANGUAGES.find((l) => l === match?.[1]);
  return match && language ? { language, area: match[3]!, section: !!match[2] } : null;
}

/** One section's texts in one language (empty when the section has none). */
export async function loadSectionMessages(
  language: Language,
  area: string,
  source: LocaleFiles = sectionFiles,
): Promise<Messages> {
  const load = source[`./${language}/sections/${area}.json`];
  return load ? load() : {};
}

/** All shared areas of one language merged into the single `translation` namespace. */
export async function loadLanguageMessages(
  language: Language,
  source: LocaleFiles = files,
): Promise<Messages> {
  const loaders = Object.entries(source)
    .filter(([path]) => parseLocalePath(path)?.language === language)
    .sort(([a], [b]) => a.localeCompare(b));
  const parts = await Promise.all(loaders.map(([, load]) => load()));
  return parts.reduce<Messages>(deepMerge, {});
}
