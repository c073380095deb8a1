/**
 * The customer's payment link of a reservation (docs/decisions/018): `/reservations/<id>.<mac>`,
 * where the MAC is an HMAC-SHA-256 of the reservation id under a key of its own purpose (derived
 * from the session secret). The link works for a guest (the reservation may have been placed
 * without an account), cannot be guessed from the id, and needs no row of its own.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { isRowId } from "~/db/row-id";
import { purposeKey } from "~/http/purpose-keys.server";

const PURPOSE = "cuvee/reservation-payment/v1";
/** Characters of base64url kept from the MAC: 22 × 6 = 132 bits. */
const MAC_LENGTH = 22;

function macOf(reservationId: number): string {
  return createHmac("sha256", purposeKey(PURPOSE)).update(String(reservationId)).digest("base64url").slice(0, MAC_LENGTH);
}

/** The token of a reservation's payment link, e.g. "42.Vh3…" (id, dot, 22 base64url characters). */
function reservationToken(reservationId: number): string {
  return `${reservationId}.${macOf(reservationId)}`;
}

/** The path of a reservation's payment page, e.g. "/reservations/42.Vh3…". */
export function reservationPaymentPath(reservationId: number): string {
  return `/reservations/${reservationToken(reservationId)}`;
}

/**
 * The reservation id a token names, or null when the token is malformed or its MAC is wrong
 * (the caller answers 404 either way). Compared in constant time.
 */
export function readReservationToken(token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (!isRowId(id)) return null;
  const expected = Buffer.from(macOf(id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
