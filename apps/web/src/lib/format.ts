import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { FORMAT_LOCALES, formatBytesIn, scaleBytes } from './format-bytes';

export { FORMAT_LOCALES, formatBytes } from './format-bytes';

const symbols = new Map<string, string>();
/** The short symbol of a currency as most languages write it ("$", "€", "£"). */
function narrowSymbol(currency: string) {
  let symbol = symbols.get(currency);
  if (!symbol) {
    symbol =
      new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? currency;
    symbols.set(currency, symbol);
  }
  return symbol;
}

/** Amounts (integer cents), days, counts and shares in the person's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const tag = FORMAT_LOCALES[i18n.language] ?? 'en-US';
  return useMemo(() => {
    const money = new Map<string, Intl.NumberFormat>();
    const day = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(tag, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
    const count = new Intl.NumberFormat(tag);
    const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto', style: 'long' });
    const compact = new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
    const change = new Intl.NumberFormat(tag, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    });
    return {
      tag,
      money(cents: number, currency = 'USD') {
        let f = money.get(currency);
        if (!f) {
          f = new Intl.NumberFormat(tag, {
            style: 'currency',
            currency,
            currencyDisplay: 'narrowSymbol',
          });
          money.set(currency, f);
        }
        // Arabic's narrow symbol for the dollar is "US$", which right to left reads "$US": the
        // symbol every language shares ("$", "€") reads the same in both directions.
        if (!tag.startsWith('ar')) return f.format(cents / 100);
        const symbol = narrowSymbol(currency);
        return f
          .formatToParts(cents / 100)
          .map((p) => (p.type === 'currency' ? symbol : p.value))
          .join('');
      },
      /** A day (YYYY-MM-DD), a month (YYYY-MM) or an instant. */
      day: (iso: string) => day.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)),
      month: (ym: string) => month.format(new Date(`${ym}-01T00:00:00Z`)),
      /** An instant, in the person's time zone. */
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      count: (n: number) => count.format(n),
      /** How long ago an instant was ("5 minutes ago", "hier"), past a week its date. */
      ago: (iso: string, now = Date.now()) => {
        const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
        const abs = Math.abs(seconds);
        if (abs < 45) return relative.format(0, 'second');
        if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
        if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
        if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
        return dateTime.format(new Date(iso));
      },
      /** A size in bytes, in the largest unit under 1024 (KB = 1024 bytes, as file managers show). */
      bytes: (n: number) => formatBytesIn(tag, n),
      compact: (n: number) => compact.format(n),
      /** A share from 0 to 1. */
      percent: (share: number) => percent.format(share),
      /** A change in percent points (12.5 → "+12.5%"). */
      change: (pct: number) => change.format(pct / 100),
    };
  }, [tag]);
}

export const todayIso = () => new Date().toISOString().slice(0, 10);

/** A browser's user-agent string as people name it: "Chrome 140 · Windows", "Safari · iPhone". */
export function deviceName(userAgent: string): string {
  const browsers: Array<[RegExp, string]> = [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/(?:Headless)?Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* .*Safari\//, 'Safari'],
  ];
  const systems: Array<[RegExp, string]> = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([re]) => re.test(userAgent));
  const system = systems.find(([re]) => re.test(userAgent))?.[1];
  if (!browser && !system) return userAgent.slice(0, 60);
  const version = browser ? userAgent.match(browser[0])?.[1] : undefined;
  const name = browser ? `${browser[1]}${version ? ` ${version}` : ''}` : '';
  return [name, system].filter(Boolean).join(' · ');
}

const LATIN_SIZES = (['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const).map(
  (unit) =>
    new Intl.NumberFormat('en-US', {
      style: 'unit',
      unit,
      unitDisplay: 'narrow',
      maximumFractionDigits: unit === 'byte' ? 0 : 1,
    }),
);

/** A size with Latin unit symbols ("19.5kB"): for chart ticks, which stay left to right. */
export function latinBytes(n: number): string {
  const [v, i] = scaleBytes(n);
  return LATIN_SIZES[i]!.format(v);
}
