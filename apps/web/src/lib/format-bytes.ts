/**
 * Sizes, on their own (no React): the mail and chat pages use them without the rest of
 * `format.ts`. `format.ts` re-exports them.
 */

/** Intl locales of the five languages; Arabic with Latin digits, like the rest of the screen. */
export const FORMAT_LOCALES: Record<string, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  vi: 'vi-VN',
  cn: 'zh-CN',
  ar: 'ar-u-nu-latn',
};

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const sizeFormats = new Map<string, Intl.NumberFormat[]>();

/** `formatBytes` for an Intl locale tag. */
export function formatBytesIn(tag: string, n: number): string {
  let formats = sizeFormats.get(tag);
  if (!formats) {
    formats = SIZE_UNITS.map(
      (unit) =>
        new Intl.NumberFormat(tag, {
          style: 'unit',
          unit,
          // Bytes in words ("70 bytes", "70 octets", "70字节"): the short form is "70 byte" in
          // English; the larger units by their symbols ("20.8 kB", "20,8 Mo").
          unitDisplay: unit === 'byte' ? 'long' : 'short',
          maximumFractionDigits: unit === 'byte' ? 0 : 1,
        }),
    );
    sizeFormats.set(tag, formats);
  }
  const [v, i] = scaleBytes(n);
  return formats[i]!.format(v);
}

/**
 * The one way a size is written, in an app language ('en', 'fr', 'vi', 'cn', 'ar'): the largest
 * unit under 1024 (a kilobyte is 1024 bytes, as file managers count), one decimal past bytes.
 * Components use `useFormat().bytes`, which passes the current language.
 */
export function formatBytes(n: number, language: string): string {
  return formatBytesIn(FORMAT_LOCALES[language] ?? 'en-US', n);
}

/** A size in the largest unit (of byte … terabyte) under 1024: [value, unit index]. */
export function scaleBytes(n: number): [number, number] {
  let i = 0;
  let v = n;
  while (Math.abs(v) >= 1024 && i < 4) {
    v /= 1024;
    i += 1;
  }
  return [v, i];
}
