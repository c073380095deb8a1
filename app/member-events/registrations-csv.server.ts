/**
 * The staff's export of an event's registrations as CSV (docs/decisions/050-member-events.md):
 * one row per member, written by csv-stringify (quoting, separators and line breaks are the
 * library's), UTF-8 with a byte-order mark so a spreadsheet opened in Quebec reads the accents.
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) is prefixed with an apostrophe (OWASP "CSV injection"): names and e-mails are typed by
 * customers.
 */
import { stringify } from "csv-stringify/sync";
import { instantToShopLocal } from "~/i18n/shop-time";
import { phoneForDisplay } from "~/lib/phone";
import type { MemberEventRegistrant } from "./member-events.server";

/** A cell as written: a formula's leading character neutralised. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The CSV text of an event's registrations: a header row of `headers` (the staff's language),
 * then last name, first name, e-mail, phone (as a Canadian reads it: "(514) 555-0123") and the registration's date and time on the shop's
 * clock (`YYYY-MM-DD HH:mm`), in registration order. Lines end with CRLF (RFC 4180).
 */
export function registrationsCsv(
  registrants: MemberEventRegistrant[],
  headers: { lastName: string; firstName: string; email: string; phone: string; registeredAt: string },
): string {
  const rows = registrants.map((r) => [
    r.lastName,
    r.firstName,
    r.email,
    phoneForDisplay(r.phone),
    instantToShopLocal(r.registeredAt).replace("T", " "),
  ]);
  return stringify([[headers.lastName, headers.firstName, headers.email, headers.phone, headers.registeredAt], ...rows], {
    bom: true,
    record_delimiter: "windows",
    cast: { string: safeCell },
  });
}
