/**
 * Money, number and date formatting (docs/product.md#provinces-and-languages: fr-CA, CAD), and the alphabetical order of texts.
 * English pages format money en-CA.
 */
/** The shop's clock for calendar days and dates (Montréal and Toronto share it). */
export const SHOP_TIME_ZONE = "America/Toronto";

/** Date formatters by locale, style and zone: making one costs far more than using it (a list of dated cards). */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: string, style: "long" | "medium-short", timeZone: string): Intl.DateTimeFormat {
  const key = `${moneyLocale(locale)}|${style}|${timeZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions =
      style === "long" ? { dateStyle: "long", timeZone } : { dateStyle: "medium", timeStyle: "short", timeZone };
    formatter = new Intl.DateTimeFormat(moneyLocale(locale), options);
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/** Collators by locale: `a.localeCompare(b, locale)` makes one per call (3 µs, 40× a kept one's compare). */
const collators = new Map<string, Intl.Collator>();

/**
 * The language's alphabetical order, for `sort`: `["France", "Éthiopie", "Espagne"].sort(compareText("fr-CA"))`
 * gives Espagne, Éthiopie, France (as `localeCompare` with that locale would). One collator per
 * locale, made on first use and kept.
 */
export function compareText(locale: string): (a: string, b: string) => number {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale);
    collators.set(locale, collator);
  }
  return collator.compare;
}

/** The Intl locale used for money: fr-CA for French, en-CA for English (Canadian dollars). */
export function moneyLocale(locale: string): "fr-CA" | "en-CA" {
  return locale.startsWith("en") ? "en-CA" : "fr-CA";
}

/**
 * How each language writes numbers: CLDR's fr-CA and en-CA, as `Intl.NumberFormat` writes them in
 * Node and in browsers (a no-break space U+00A0 groups French thousands and precedes the dollar
 * sign). Written out rather than asked of `Intl.NumberFormat`: a browser's first number format
 * loads ICU's number data, 55–90 ms of main thread on Lighthouse's slow phone (4× CPU), inside
 * the hydration of every page showing a price; and the server's and the browser's ICU versions
 * can no longer disagree about a page's text. `format.test.ts` checks them against Intl.
 */
const NUMBER_STYLE = {
  "fr-CA": { group: "\u00a0", decimal: "," },
  "en-CA": { group: ",", decimal: "." },
} as const;

/** A non-negative safe integer's digits, thousands grouped: `grouped(1234567, ",")` → `1,234,567`. */
function grouped(n: number, separator: string): string {
  const digits = String(n);
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) out += separator + digits.slice(at, at + 3);
  return out;
}

/**
 * Formats integer cents as Canadian dollars: `formatMoney(123456, "fr-CA")` → `1 234,56 $`
 * (no-break spaces), `formatMoney(123456, "en-US")` → `$1,234.56`; negative amounts lead with
 * `-` (`-1 234,56 $`, `-$1,234.56`).
 * @throws RangeError when `cents` is not a safe integer (money is always integer cents).
 */
export function formatMoney(cents: number, locale: string): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  const language = moneyLocale(locale);
  const { group, decimal } = NUMBER_STYLE[language];
  const abs = Math.abs(cents);
  const amount = `${grouped(Math.floor(abs / 100), group)}${decimal}${String(abs % 100).padStart(2, "0")}`;
  const sign = cents < 0 ? "-" : "";
  return language === "fr-CA" ? `${sign}${amount}\u00a0$` : `${sign}$${amount}`;
}

/**
 * Formats a count with the language's grouping: `formatCount(1000, "fr-CA")` → `1 000` (no-break
 * space), `formatCount(1000, "en-US")` → `1,000`.
 * @throws RangeError when `n` is not a safe integer (a count)
 */
export function formatCount(n: number, locale: string): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`a count must be an integer, got ${n}`);
  return `${n < 0 ? "-" : ""}${grouped(Math.abs(n), NUMBER_STYLE[moneyLocale(locale)].group)}`;
}

/**
 * Formats a volume in millilitres: 750 → "750 ml", 1500 → "1,5 L" / "1.5 L", litres to at most
 * two decimals, half a centilitre rounded up (1125 → "1,13 L").
 * @param ml a non-negative whole number of millilitres
 */
export function formatVolume(ml: number, locale: string): string {
  if (ml < 1000) return `${ml} ml`;
  const { group, decimal } = NUMBER_STYLE[moneyLocale(locale)];
  const centilitres = Math.round(ml / 10);
  const fraction = String(centilitres % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${grouped(Math.floor(centilitres / 100), group)}${fraction ? decimal + fraction : ""} L`;
}

/**
 * A long date in the visitor's language: "2 octobre 2026" / "October 2, 2026" (Intl
 * `dateStyle: "long"`, fr-CA or en-CA). A fixed time zone, never the runtime's, so the server's
 * and the browser's text match when hydrating.
 * @param iso an ISO 8601 instant
 * @param timeZone IANA zone whose calendar day is shown; the shop's (Montréal and Toronto) by default
 */
export function formatLongDate(iso: string, locale: string, timeZone: string = SHOP_TIME_ZONE): string {
  return dateFormatter(locale, "long", timeZone).format(new Date(iso));
}

/**
 * A calendar day (`YYYY-MM-DD`, e.g. a follow-up date) written out in the language: "7 juillet
 * 2026" / "July 7, 2026". A day has no time zone: it is read at noon UTC and shown in UTC, so it is
 * the same day wherever the page is rendered.
 */
export function formatShopDay(day: string, locale: string): string {
  return formatLongDate(`${day}T12:00:00Z`, locale, "UTC");
}

/**
 * An instant with its time on the shop's clock (America/Toronto), medium date and short time:
 * "2 mars 2026, 21 h 30" / "Mar 2, 2026, 9:30 p.m." (Intl fr-CA or en-CA).
 * @param iso an ISO 8601 instant
 */
export function formatDateTime(iso: string, locale: string): string {
  return dateFormatter(locale, "medium-short", SHOP_TIME_ZONE).format(new Date(iso));
}
