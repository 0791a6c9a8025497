import { PASSWORD_MAX, PASSWORD_MIN } from '@bo/contract/account-constants';

/**
 * The client half of the password policy: length and "not the email". The common-password list
 * stays on the server (it would weigh on the bundle); its `password_common` answer is remembered
 * per value so the checklist can show it.
 */
export function passwordIsEmail(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (!address || !lower) return false;
  return lower === address || lower === address.split('@')[0];
}

export type RuleState = 'ok' | 'failed' | 'unknown';

export type PolicyRule = { key: 'length' | 'notEmail' | 'notCommon'; state: RuleState };

export function passwordRules(
  password: string,
  email: string,
  knownCommon: ReadonlySet<string>,
): PolicyRule[] {
  const empty = password.length === 0;
  const lengthOk = password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
  return [
    { key: 'length', state: empty ? 'unknown' : lengthOk ? 'ok' : 'failed' },
    {
      key: 'notEmail',
      state: empty || !email ? 'unknown' : passwordIsEmail(password, email) ? 'failed' : 'ok',
    },
    { key: 'notCommon', state: knownCommon.has(password.toLowerCase()) ? 'failed' : 'unknown' },
  ];
}

/**
 * A rough strength hint (0–4) from length and variety. Advice only: the policy has no
 * composition rules, and a long passphrase of plain words scores well.
 */
export function passwordStrength(password: string): number {
  if (password.length < PASSWORD_MIN) return password.length === 0 ? 0 : 1;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  if (classes >= 3) score += 1;
  return Math.min(4, score);
}

export { PASSWORD_MAX, PASSWORD_MIN };
