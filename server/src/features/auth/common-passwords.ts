/**
 * Refuse common passwords (OWASP ASVS 2.1.7; issue 21, item 6) with zxcvbn-ts's list of the ~49,000 most
 * common passwords (`@zxcvbn-ts/language-common`, dictionary `passwords-common`). The rule is a dictionary
 * check, not a strength score: a new password is refused when zxcvbn reads the *whole* password as one entry
 * of that list — as written, capitalised, in l33t ("P@ssw0rd") or reversed ("drowssap"). A list word inside a
 * longer phrase ("sunflower-demo") is fine: length beats composition rules (ASVS 2.1.9). Used by sign-up,
 * password reset and the team invitation's first password, which all pass through {@link refuseCommonPassword}.
 */
import { PASSWORD_TOO_COMMON } from '@lc/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../../http/errors.ts';

/** Built on first use (about 70 ms to rank the list), then about 1–2 ms per check. */
let checker: ZxcvbnFactory | undefined;

/** True when `password` as a whole is one of the common passwords (or its capitalised, l33t or reversed form). */
export function isCommonPassword(password: string): boolean {
  checker ??= new ZxcvbnFactory({
    dictionary: { 'passwords-common': dictionary['passwords-common'] },
    graphs: adjacencyGraphs,
  });
  const { sequence } = checker.check(password);
  const [only] = sequence;
  return (
    sequence.length === 1 &&
    only?.pattern === 'dictionary' &&
    only.dictionaryName === 'passwords-common' &&
    only.i === 0 &&
    only.j === password.length - 1
  );
}

/**
 * Throw 400 with the field message {@link PASSWORD_TOO_COMMON} on `password` when it is a common password.
 * The field message is the contract's English sentence; the web shows it in the page's language.
 */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new HttpError(400, 'request.invalidFields', { fields: { password: PASSWORD_TOO_COMMON } });
  }
}
