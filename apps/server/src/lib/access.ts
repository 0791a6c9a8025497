import { LIMITED_PERMISSIONS } from '@bo/contract/access';
import type { AppConfig } from '../config.js';

export type Limitation = 'unverified' | 'unapproved' | 'needs_2fa' | null;

export interface AccessFacts {
  status: string;
  emailVerified: boolean;
  totpOn: boolean;
}

const LIMITED: ReadonlySet<string> = new Set(LIMITED_PERMISSIONS);

/**
 * The access model (docs/security.md): a pending account keeps its own account only — until its
 * address is verified, then until an administrator approves it (REGISTRATION=approval); an
 * administrator without two-factor sign-in keeps only their account when REQUIRE_2FA_FOR_ADMINS.
 */
export function limitationOf(
  config: Pick<AppConfig, 'require2faForAdmins'>,
  facts: AccessFacts,
  granted: ReadonlySet<string>,
): Limitation {
  if (facts.status === 'pending') return facts.emailVerified ? 'unapproved' : 'unverified';
  if (config.require2faForAdmins && granted.has('admin:area') && !facts.totpOn) return 'needs_2fa';
  return null;
}

/** What the person may do now: their role's permissions, or the limited set. */
export function effectivePermissions(
  config: Pick<AppConfig, 'require2faForAdmins'>,
  facts: AccessFacts,
  granted: Set<string>,
): { permissions: Set<string>; limited: Limitation } {
  const limited = limitationOf(config, facts, granted);
  return { permissions: limited ? new Set(LIMITED) : granted, limited };
}
