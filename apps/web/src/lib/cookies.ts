/**
 * The settings cookies, read and written directly: their names and values are our own short
 * words (`themeMode=dark`), so a cookie library (~0.7 KiB gzip on the sign-in page) has nothing
 * to add. Values are still encoded, so any string survives.
 */
export function readCookies(): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const pair of document.cookie ? document.cookie.split('; ') : []) {
    const at = pair.indexOf('=');
    if (at < 1) continue;
    const name = pair.slice(0, at);
    try {
      jar[name] ??= decodeURIComponent(pair.slice(at + 1));
    } catch {
      // A value someone else wrote, not ours to read.
    }
  }
  return jar;
}

export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}
