/** Reads the `exp` claim (seconds) of a JWT without verifying it: the server verifies, we only time. */
export function jwtExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload = JSON.parse(json) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/** Spec §5: a token is valid only if its expiry lies in the future. */
export function isValidToken(token: string | null | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const exp = jwtExpiry(token);
  return exp !== null && exp * 1000 > now;
}
