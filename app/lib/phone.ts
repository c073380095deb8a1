/**
 * Canadian phone numbers, checked and formatted by libphonenumber-js: the checkout's, the
 * profile's and the stores' numbers. Shared with the browser.
 */
import { isValidPhoneNumber, parsePhoneNumberWithError } from "libphonenumber-js/min";

/** Whether a phone number is a valid Canadian one ("514 555-0123", "+1 416 555 0199"), not another +1 country's. */
export function isCanadianPhoneNumber(value: string): boolean {
  if (!isValidPhoneNumber(value, "CA")) return false;
  return parsePhoneNumberWithError(value, "CA").country === "CA";
}

/** A Canadian phone number as stored: E.164 ("+15145551234"). Call only on a number the schema accepted. */
export function phoneToE164(value: string): string {
  return parsePhoneNumberWithError(value, "CA").number;
}

/** A stored E.164 phone number as a Canadian reads it: "+15145550123" → "(514) 555-0123"; "" stays "". */
export function phoneForDisplay(e164: string): string {
  if (!e164) return "";
  try {
    return parsePhoneNumberWithError(e164, "CA").formatNational();
  } catch {
    return e164;
  }
}
