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
 * would push the sign-in page past its 200 KiB budget).
 */
const files: LocaleFiles = import.meta.glob<Messages>('./*/*.json', { import: 'default' });

export function parseLocalePath(path: string): { language: Language; area: string } | null {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
  const language = LANGUAGES.find((l) => l === match?.[1]);
  return match && language ? { language, area: match[2] } : null;
}

/** All areas of one language merged into the single `translation` namespace. */
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
