/**
 * Dates typed in the person's language. The browser's own date input draws the pattern of the
 * browser's language ("mm/dd/yyyy" on an English Chrome), whatever language the app is in; this
 * writes and reads dates in the app language's order and separator instead, always with four-digit
 * years and a 24-hour "hh:mm", and still accepts the ISO form (2026-12-31, 2026-12-31T09:30).
 * Values stay what the native input gives: `yyyy-mm-dd` or `yyyy-mm-ddThh:mm`.
 */

export type DatePattern = {
  /** The order of the parts, e.g. ['day', 'month', 'year'] in French. */
  order: Array<'day' | 'month' | 'year'>;
  separator: string;
  withTime: boolean;
};

const patterns = new Map<string, DatePattern>();

/** The date pattern of an Intl locale tag (memoised). */
export function datePattern(tag: string, withTime: boolean): DatePattern {
  const key = `${tag}|${withTime}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    const parts = new Intl.DateTimeFormat(tag, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).formatToParts(Date.UTC(2026, 11, 31));
    const order = parts
      .map((p) => p.type)
      .filter((t): t is 'day' | 'month' | 'year' => t === 'day' || t === 'month' || t === 'year');
    // The first separator between two parts, without the marks some languages put around it.
    const literal = parts.find((p) => p.type === 'literal')?.value ?? '/';
    const separator = literal.replace(/[\u200e\u200f\u061c\s]/g, '') || '/';
    pattern = { order: order.length === 3 ? order : ['year', 'month', 'day'], separator, withTime };
    patterns.set(key, pattern);
  }
  return pattern;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-mm-dd[Thh:mm]` → the typed form ("31/12/2026 09:30"); '' for '' or anything else. */
export function formatDateInput(value: string, pattern: DatePattern): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!m) return '';
  const parts = { year: m[1]!, month: m[2]!, day: m[3]! };
  const date = pattern.order.map((p) => parts[p]).join(pattern.separator);
  return pattern.withTime ? `${date} ${m[4] ?? '00'}:${m[5] ?? '00'}` : date;
}

/** An example of the typed form, for the placeholder and the error message. */
export function exampleDateInput(pattern: DatePattern): string {
  return formatDateInput('2026-12-31T09:30', pattern);
}

export type DatePartNames = Record<'day' | 'month' | 'year' | 'hour' | 'minute', string>;

/**
 * The field's placeholder: the parts' names in the pattern's order ("MM/DD/YYYY", "JJ/MM/AAAA"),
 * so an empty field does not read as a filled one. Each separator is held between left-to-right
 * marks: names in a right-to-left script keep the order the digits will have.
 */
export function placeholderDateInput(pattern: DatePattern, names: DatePartNames): string {
  const lrm = '\u200e';
  const date = pattern.order.map((p) => names[p]).join(`${lrm}${pattern.separator}${lrm}`);
  return pattern.withTime ? `${date}${lrm} ${names.hour}${lrm}:${lrm}${names.minute}` : date;
}

function validDay(year: number, month: number, day: number) {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Digits typed without separators ("11202026", "112020260930") are the parts in the pattern's
 * order at their full widths (two digits for day and month, four for the year, "hhmm" for the
 * time): they are cut into the numbers the separated form would have given.
 */
function splitRun(numbers: string[], pattern: DatePattern): string[] {
  const [first, ...rest] = numbers;
  if (!first || (first.length !== 8 && first.length !== 12)) return numbers;
  const out: string[] = [];
  let at = 0;
  for (const part of pattern.order) {
    const width = part === 'year' ? 4 : 2;
    out.push(first.slice(at, at + width));
    at += width;
  }
  if (first.length === 12) out.push(first.slice(8, 10), first.slice(10, 12));
  else if (rest.length === 1 && rest[0]!.length === 4) {
    // "11202026 0930": the time's digits together too.
    return [...out, rest[0]!.slice(0, 2), rest[0]!.slice(2)];
  }
  return [...out, ...rest];
}

/**
 * The typed text → `yyyy-mm-dd[Thh:mm]`, or null when it is not a whole, real date (and time
 * when the field has one). Any non-digit separates the numbers; digits typed in one run are read
 * at the parts' full widths; the ISO form is read as such.
 */
export function parseDateInput(text: string, pattern: DatePattern): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2}))?$/.exec(trimmed);
  let year: number, month: number, day: number;
  let time: [number, number] | null = null;
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (iso[4] !== undefined) time = [Number(iso[4]), Number(iso[5])];
  } else {
    const numbers = splitRun(trimmed.split(/\D+/).filter(Boolean), pattern);
    if (numbers.length !== 3 && numbers.length !== 5) return null;
    const at = (part: 'day' | 'month' | 'year') => numbers[pattern.order.indexOf(part)]!;
    if (at('year').length !== 4) return null;
    [year, month, day] = [Number(at('year')), Number(at('month')), Number(at('day'))];
    if (numbers.length === 5) time = [Number(numbers[3]), Number(numbers[4])];
  }
  if (!validDay(year, month, day)) return null;
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (!pattern.withTime) return time ? null : date;
  const [hour, minute] = time ?? [0, 0];
  if (hour > 23 || minute > 59) return null;
  return `${date}T${pad(hour)}:${pad(minute)}`;
}
