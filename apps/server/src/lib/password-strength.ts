import zxcvbnCore from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

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
