import { describe, expect, it } from 'vitest';

import { passwordIsEmail, passwordRules, passwordStrength } from './password-policy';

describe('password policy (client half)', () => {
  it('refuses the email and its local part, whatever the case', () => {
    expect(passwordIsEmail('Jane@Example.com', 'jane@example.com')).toBe(true);
    expect(passwordIsEmail('JANE', 'jane@example.com')).toBe(true);
    expect(passwordIsEmail('jane-long-pass', 'jane@example.com')).toBe(false);
    expect(passwordIsEmail('anything', '')).toBe(false);
  });

  it('reports each rule, and the common one only once the server has said so', () => {
    const common = new Set(['password123']);
    expect(passwordRules('', 'a@b.co', common).map((r) => r.state)).toEqual([
      'unknown',
      'unknown',
      'unknown',
    ]);
    expect(passwordRules('short', 'a@b.co', common)[0]!.state).toBe('failed');
    expect(passwordRules('Password123', 'a@b.co', common).map((r) => r.state)).toEqual([
      'ok',
      'ok',
      'failed',
    ]);
  });

  it('grows with length and variety', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(1);
    expect(passwordStrength('abcdefgh')).toBe(1);
    expect(passwordStrength('correct horse battery')).toBe(3);
    expect(passwordStrength('Correct-horse-9-battery')).toBe(4);
  });
});
