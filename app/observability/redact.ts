/**
 * What a log line may say (decision 030): never an e-mail, a name, a token, a password hash, an
 * address or card data. {@link redactText} masks what can be recognised in free text;
 * {@link redactFields} masks structured fields by their name (a name or an address cannot be
 * recognised in text, so they must never be written there: log their record's id instead).
 */

/** E-mail addresses, plain or percent-encoded (`a%40b.c` in a URL or a form body). */
const EMAIL = /[\w.+%'-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;
/** Our password hashes: `scrypt$N$r$p$salt$hash` (app/users/password.server.ts). */
const SCRYPT_HASH = /scrypt\$[^\s"',;)]+/g;
/** JSON Web Tokens (password-reset links). */
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
/** A hex digest or key: 32 hex digits or more (UUIDs are split by dashes and stay). */
const HEX_SECRET = /\b[0-9a-f]{32,}\b/gi;
/**
 * A random token, key or MAC: 20 or more base64url characters mixing upper case, lower case and
 * digits (Stripe keys, session ids, the MAC of a reservation link). Slugs and words are lower case.
 */
const TOKEN = /[A-Za-z0-9_-]{20,}/g;
/** Canadian postal codes (`H2X 1Y4`). */
const POSTAL_CODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b/gi;
/** 13 to 19 digits, spaced or dashed: a card number when the Luhn check passes. */
const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;

function isMixedToken(text: string): boolean {
  return /[A-Z]/.test(text) && /[a-z]/.test(text) && /\d/.test(text);
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The text with every e-mail, password hash, token, long hex secret, postal code and card number
 * replaced by a marker (`[email]`, `[hash]`, `[token]`, `[secret]`, `[postal code]`, `[card]`).
 * Cheap enough for every log line: a few regular expressions over a short string.
 */
export function redactText(text: string): string {
  return text
    .replace(EMAIL, "[email]")
    .replace(SCRYPT_HASH, "[hash]")
    .replace(JWT, "[token]")
    .replace(HEX_SECRET, "[secret]")
    .replace(TOKEN, (run) => (isMixedToken(run) ? "[token]" : run))
    .replace(POSTAL_CODE, "[postal code]")
    .replace(CARD_CANDIDATE, (run) => (passesLuhn(run.replace(/\D/g, "")) ? "[card]" : run));
}

/** Field names whose values are personal or secret, whatever they hold. */
const PERSONAL_FIELD =
  /e-?mail|name|password|hash|token|secret|address|street|city|postal|zip|phone|card|iban|cookie|authorization|params/i;

/**
 * A copy of `fields` fit for a log line: a value under a personal field name (e-mail, first name,
 * address, token, card…) becomes `"[redacted]"`, other strings go through {@link redactText},
 * nested objects are treated the same way (3 levels deep).
 */
export function redactFields(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (PERSONAL_FIELD.test(key)) safe[key] = "[redacted]";
    else safe[key] = redactValue(value, depth);
  }
  return safe;
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= 3) return "[object]";
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return redactFields(value as Record<string, unknown>, depth + 1);
}
