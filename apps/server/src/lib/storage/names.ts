/**
 * A file's name as a person gave it, made harmless for every place it goes (a folder listing, a
 * zip entry, a `Content-Disposition`, a mail): no path separators, no control characters, no
 * bidirectional overrides that would show `gpj.exe` as `exe.jpg`, no name made only of dots.
 */
export function cleanFileName(raw: string | null | undefined): string {
  const cleaned = (raw ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/\u0000-\u001f\u007f-\u009f]/g, '_')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(0, 255);
  return /^\.*$/.test(cleaned) ? 'file' : cleaned;
}
