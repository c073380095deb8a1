/**
 * The strings of each language (locales/<locale>/common.json) and how a JavaScript runtime gets
 * them ("only the current language's strings sent"; docs/decisions/023-first-screen.md).
 *
 * - The server holds both languages, bundled: pages, e-mails and PDFs are written in either.
 * - The browser holds only what it fetched: the page's language, from a content-hashed JSON asset
 *   the root layout preloads (`<link rel="preload" as="fetch">`, started with the scripts), and
 *   the other one when a language switch needs it (app/i18n/page-language.ts).
 *
 * `import.meta.env.SSR` is replaced by `false` in the browser build, which then drops the bundled
 * `resources` of app/i18n/i18n.ts and their JSON modules (tests/e2e/first-screen.spec.ts checks
 * what the built pages download). Vite and Vitest define it; plain Node (tsx scripts) does not,
 * and no script imports this module.
 */
import type { Locale } from "~/vocabulary";
import enUSUrl from "../../locales/en-US/common.json?url";
import frCAUrl from "../../locales/fr-CA/common.json?url";
import { resources } from "./i18n";

/** Every string of one language, as in locales/<locale>/common.json (both files have the same keys). */
export type Strings = (typeof resources)["fr-CA"]["common"];

/**
 * The path of each language's strings as a static asset (`/assets/common-<hash>.json`, cached for
 * a year by server/app.ts); the same path in the server and the browser build.
 */
export const STRINGS_URL: Record<Locale, string> = { "fr-CA": frCAUrl, "en-US": enUSUrl };

/** What this runtime holds: both languages on the server, none in the browser until fetched. */
const held = new Map<Locale, Strings>(
  import.meta.env.SSR
    ? [
        ["fr-CA", resources["fr-CA"].common],
        ["en-US", resources["en-US"].common],
      ]
    : [],
);

const fetching = new Map<Locale, Promise<Strings>>();

/** The strings of `locale` if this runtime holds them (always on the server), else undefined. */
export function heldStrings(locale: Locale): Strings | undefined {
  return held.get(locale);
}

/**
 * The strings of `locale`, fetched once from {@link STRINGS_URL} when not held yet (the browser);
 * the preloaded response of the page's own language answers the first call.
 * @throws Error when the asset cannot be fetched (offline): the page stays the server's, which
 *   works without JavaScript
 */
export function loadStrings(locale: Locale): Promise<Strings> {
  const strings = held.get(locale);
  if (strings) return Promise.resolve(strings);
  let pending = fetching.get(locale);
  if (!pending) {
    pending = fetch(STRINGS_URL[locale]).then(async (response) => {
      if (!response.ok) throw new Error(`${STRINGS_URL[locale]} answered ${response.status}`);
      const fetched = (await response.json()) as Strings;
      held.set(locale, fetched);
      return fetched;
    });
    pending.catch(() => fetching.delete(locale));
    fetching.set(locale, pending);
  }
  return pending;
}
