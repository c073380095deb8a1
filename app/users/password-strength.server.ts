/**
 * Whether a new password is too easy to guess (docs/decisions/031; OWASP's authentication
 * guidance): besides the 8 characters the forms ask for, a password is refused when zxcvbn-ts
 * estimates it guessable, that is when it is, or is built from, a common or breached password
 * (its "passwords" list), a common French or English word or name, a keyboard pattern, a date,
 * a repetition, or the customer's own name or e-mail.
 *
 * Server only: the dictionaries weigh megabytes and never reach the browser. They are loaded on
 * the first check (a second or so), not at start-up.
 */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * Lowest zxcvbn score accepted (0–4). 3 is zxcvbn's "safely unguessable" (about 10⁸ guesses and
 * more): `12345678`, `password`, `motdepasse123` or `Montreal2024` score less; a few plain words
 * such as "un bon mot de passe" score more.
 */
export const MIN_PASSWORD_SCORE = 3;

/** zxcvbn only looks at this many characters (its cost grows with the length); longer is strong enough. */
const CHECKED_LENGTH = 100;

let checker: Promise<ZxcvbnFactory> | undefined;

async function loadChecker(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, en, fr] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
    import("@zxcvbn-ts/language-fr"),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
    graphs: common.adjacencyGraphs,
  });
}

/**
 * Whether `password` is too easy to guess to be accepted as a new password.
 * @param userInputs what the account already tells about its owner (e-mail, first and last
 *   names): a password made of them is weak too.
 * @returns true when the password must be refused ("auth.errors.passwordWeak").
 */
export async function isWeakPassword(password: string, userInputs: readonly string[] = []): Promise<boolean> {
  checker ??= loadChecker().catch((error: unknown) => {
    checker = undefined;
    throw error;
  });
  const inputs = userInputs
    .flatMap((input) => {
      const value = input.trim().toLowerCase();
      // The e-mail's local part and domain words are what a person would reuse.
      return value.includes("@") ? [value, ...value.split(/[@.+_-]/)] : [value];
    })
    .filter((value) => value.length >= 3);
  const result = (await checker).check(password.slice(0, CHECKED_LENGTH), inputs);
  return result.score < MIN_PASSWORD_SCORE;
}

/** The message key of a refused weak password, in `locales/*\/auth.json`. */
export const WEAK_PASSWORD_MESSAGE = "auth.errors.passwordWeak";
