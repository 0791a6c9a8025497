import zxcvbnCore from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { fieldError } from './http-error.js';

/**
 * zxcvbn (the field's estimator of how many guesses a password takes): dictionaries of common
 * passwords, names and words, keyboard walks, sequences, repeats and l33t substitutions.
 * Built once; a check takes a few milliseconds.
 */
const estimator = new zxcvbnCore.ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
});

/** Score 3 of 4: "safely unguessable" against an online attack with throttling (~10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

/** True when the password resists guessing, given what else is known about its owner. */
export function isStrongPassword(password: string, userInputs: string[]): boolean {
  if (!password.trim()) return false;
  return estimator.check(password, userInputs).score >= MIN_PASSWORD_SCORE;
}

/**
 * The server's half of the password policy (length is the contract's schema): not the email, and
 * not guessable (common passwords and their variants, repeats, sequences, keyboard walks, the
 * person's own name) — one rule for register, reset, change and an administrator's create.
 */
export function checkPasswordPolicy(
  password: string,
  email: string,
  field = 'password',
  names: string[] = [],
): void {
  const lower = password.toLowerCase();
  if (lower === email.toLowerCase() || lower === email.split('@')[0]!.toLowerCase()) {
    throw fieldError(field, 'password_is_email', 'The password must not be your email address');
  }
  if (!isStrongPassword(password, [email, email.split('@')[0]!, ...names])) {
    throw fieldError(
      field,
      'password_common',
      'This password is too easy to guess; choose another one',
    );
  }
}
