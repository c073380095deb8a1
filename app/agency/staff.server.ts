/**
 * The agency's staff area `/agence` (docs/product.md#staff-area roles; docs/product.md#staff-area Accounts: "Staff
 * screens live under `/agence` and answer 404 to anyone else"). Staff pages answer 404, not 403,
 * to a guest and to a customer, so their existence is not revealed; they use the shop's one
 * session cookie, CSRF check and rate limits like every other page.
 */
import { data, type MiddlewareFunction } from "react-router";
import { shopContext } from "~/context";
import type { Database } from "~/db/client.server";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { readUser, type User } from "~/users/users.server";

/** A logged-in user with the `staff` role. */
export type StaffUser = User & { role: "staff" };

/**
 * The staff user of a request, for the loaders and actions under `/agence`.
 * @throws a 404 response when nobody is logged in or the user is not staff (never a redirect to
 *   /login: that would reveal the page exists).
 */
export async function requireStaff(db: Database, request: Request): Promise<StaffUser> {
  const user = await readUser(db, request);
  if (!isStaff(user)) throw data(null, { status: 404 });
  return user;
}

/**
 * The staff user of a request that changes something (a staff action), counted against the
 * `staff` rate limit of that user. The 404 comes before the limit, so a visitor who is not staff
 * never learns from a 429 that the page exists.
 * @throws a 404 response (not staff); a 429 response over the limit.
 */
export async function requireStaffChange(db: Database, request: Request): Promise<StaffUser> {
  const staff = await requireStaff(db, request);
  await enforceRateLimit("staff", `staff:${staff.id}`);
  return staff;
}

/** Whether a user (or nobody) is the agency's staff. */
export function isStaff(user: User | null): user is StaffUser {
  return user?.role === "staff";
}

/**
 * Route middleware of the `/agence` layout: refuses with a 404 before any loader or action of
 * the staff area runs, so a page that forgot its own {@link requireStaff} is still closed.
 */
export const staffOnly: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  await requireStaff(context.get(shopContext).db, request);
  return next();
};
