/**
 * Money, number and date formatting (SPEC §9: fr-CA, CAD). English pages format money en-CA.
 */
/** The shop's clock for calendar days and dates (Montréal and Toronto share it). */
export const SHOP_TIME_ZONE = "America/Toronto";

const moneyFormatters = new Map<string, Intl.NumberFormat>();
const countFormatters = new Map<string, Intl.NumberFormat>();
const litreFormatters = new Map<string, Intl.NumberFormat>();
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

/** The Intl locale used for money: fr-CA for French, en-CA for English (Canadian dollars). */
export function moneyLocale(locale: string): "fr-CA" | "en-CA" {
  return locale.startsWith("en") ? "en-CA" : "fr-CA";
}

/**
 * Formats integer cents as Canadian dollars: `formatMoney(123456, "fr-CA")` → `1 234,56 $`
 * (with narrow no-break spaces), `formatMoney(123456, "en-US")` → `$1,234.56`.
 * @throws RangeError when `cents` is not a safe integer (money is always integer cents).
 */
export function formatMoney(cents: number, locale: string): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  const key = moneyLocale(locale);
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(key, { style: "currency", currency: "CAD" });
    moneyFormatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/**
 * Formats a count with the language's grouping: `formatCount(1000, "fr-CA")` → `1 000` (narrow
 * no-break space), `formatCount(1000, "en-US")` → `1,000`.
 */
export function formatCount(n: number, locale: string): string {
  const key = moneyLocale(locale);
  let formatter = countFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(key);
    countFormatters.set(key, formatter);
  }
  return formatter.format(n);
}

/** Formats a volume in millilitres: 750 → "750 ml", 1500 → "1,5 L" / "1.5 L". */
export function formatVolume(ml: number, locale: string): string {
  if (ml < 1000) return `${ml} ml`;
  const key = moneyLocale(locale);
  let formatter = litreFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(key, { maximumFractionDigits: 2 });
    litreFormatters.set(key, formatter);
  }
  return `${formatter.format(ml / 1000)} L`;
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
