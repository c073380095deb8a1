/**
 * Keys for one purpose each (reset links, form time tokens), derived from the session secret with
 * HKDF-SHA-256 and the purpose's label: never the cookie key itself, and a token made for one
 * purpose does not verify for another. Derived once per process and label.
 */
import { hkdfSync } from "node:crypto";
import { getEnv } from "~/env.server";

const keys = new Map<string, { secret: string; key: Uint8Array }>();

/** A 32-byte key for `label` (e.g. "cuvee/password-reset/v1"). */
export function purposeKey(label: string): Uint8Array {
  const secret = getEnv().sessionSecret;
  let found = keys.get(label);
  if (found?.secret !== secret) {
    found = { secret, key: new Uint8Array(hkdfSync("sha256", secret, "", label, 32)) };
    keys.set(label, found);
  }
  return found.key;
}
