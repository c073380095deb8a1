/**
 * A `t` that remembers the plain strings it has looked up (throughput).
 *
 * i18next resolves every call anew (key path, plural and context suffixes, nesting, interpolation
 * checks): on a product list of 24 cards that was about 3 ms of the server's ~19 ms per page in a
 * CPU profile, most of it the same keys again. A key asked without options always gives the same
 * string in one language, since the strings are fixed for the life of the build, so this `t`
 * remembers those per language, for every request. Any call with options (interpolation,
 * count, defaultValue…) goes to i18next as before.
 */
import type { i18n as I18n, TFunction } from "i18next";

const rememberedByLanguage = new Map<string, Map<string, string>>();

/**
 * Wraps `t` (of language `language`) so that `t(key)` with a single string key is looked up once
 * per language. Nothing is remembered while `stringsHeld()` says the language's strings are not
 * there yet (a browser that has not fetched them answers from the fallback language or the key),
 * nor a key i18next cannot find (it answers the key itself).
 */
export function rememberingT(t: TFunction, language: string, stringsHeld: () => boolean): TFunction {
  let remembered = rememberedByLanguage.get(language);
  if (!remembered) {
    remembered = new Map();
    rememberedByLanguage.set(language, remembered);
  }
  const strings = remembered;
  const wrapped = (...args: Parameters<TFunction>) => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== "string") return t(...args);
    const known = strings.get(key);
    if (known !== undefined) return known;
    const value: unknown = t(key);
    if (typeof value === "string" && value !== key && stringsHeld()) strings.set(key, value);
    return value;
  };
  // The same call signatures as `t`: only TFunction's overloads cannot be spelled by a wrapper.
  return wrapped as TFunction;
}

/**
 * The `t` of one language and namespace that calls the i18next instance itself
 * (throughput). React-i18next's `t` is i18next's fixed-language function, which copies the
 * instance's options (38 of them) into a new object at every call before translating: a plural
 * took 17.6 µs through it and 7.1 µs through `i18n.t`, an interpolation 15.3 µs against 4.4, and a
 * page of 24 product cards makes about a hundred such calls. The same answers: the language and
 * namespace are the call's own `lng` and `ns` when it gives them (not empty), else `language` and
 * `namespace`.
 * Calls of another shape (a default value as a string, a key list) go to `fallback`, the fixed `t`.
 */
export function languageT(i18n: I18n, language: string, namespace: string, fallback: TFunction): TFunction {
  const t = (...args: Parameters<TFunction>) => {
    const [key, options]: unknown[] = args;
    if (args.length > 2 || typeof key !== "string" || (options !== undefined && (typeof options !== "object" || options === null))) {
      return fallback(...args);
    }
    // As the fixed `t`: a language or namespace left empty in the options is this one's.
    const resolved: Record<string, unknown> = { ...options };
    resolved.lng ||= language;
    resolved.ns ||= namespace;
    return i18n.t(key, resolved);
  };
  // The same call signatures as `t`: only TFunction's overloads cannot be spelled by a wrapper.
  return t as TFunction;
}
