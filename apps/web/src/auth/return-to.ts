import { LANDING_PATH } from '../routes/paths';

/** Only same-site paths are followed, so a crafted link cannot send a person elsewhere. */
export function safeReturnTo(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return LANDING_PATH;
  return value;
}
