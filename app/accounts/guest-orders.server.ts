/**
 * Guest → account (docs/product.md#guests "guests may create an account afterwards"): the orders a
 * guest placed become the new account's, and the account a guest asked for at checkout is created
 * when the order is placed.
 *
 * An e-mail address alone never links an order: nobody proves owning an address by typing it. An
 * order is linked only when its e-mail matches the account AND the visitor shows they placed it —
 * its confirmation number (printed on the confirmation page and in the e-mail) or the same guest
 * identity.
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, users } from "~/db/schema";

/**
 * Links to the account the guest orders with the account's e-mail that were placed by this guest
 * identity or carry this confirmation number.
 * @param proof.confirmationNumber from the confirmation page's "create an account" link, if any;
 * @param proof.guestId the visitor's guest identity before registering, if any.
 * @returns how many orders were linked.
 */
export async function linkGuestOrders(
  db: Database,
  user: { id: number; email: string },
  proof: { confirmationNumber?: string | null; guestId?: string | null },
): Promise<number> {
  const proofs = [
    proof.confirmationNumber ? eq(orders.confirmationNumber, proof.confirmationNumber.toUpperCase()) : undefined,
    proof.guestId ? eq(orders.guestId, proof.guestId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (proofs.length === 0) return 0;
  const linked = await db
    .update(orders)
    .set({ customerId: user.id })
    .where(and(isNull(orders.customerId), eq(sql`lower(${orders.email})`, user.email.toLowerCase()), or(...proofs)))
    .returning({ id: orders.id });
  return linked.length;
}

/**
 * What `orders.account_password_hash` holds once the account a guest asked for was handled but not
 * created (the e-mail already had one): not a hash, but a mark that an account was asked for, so
 * the confirmation page answers as it does for a created account and tells nobody that the address
 * had one (docs/decisions/031).
 */
export const ACCOUNT_ASKED_NOT_CREATED = "";

/** Whether the guest asked for an account with this order (created, or already existing). */
export function accountAskedWith(order: { customerId: number | null; accountPasswordHash: string | null }): boolean {
  return order.customerId !== null || order.accountPasswordHash === ACCOUNT_ASKED_NOT_CREATED;
}

/**
 * Creates the account a guest asked for on checkout step 1 (its password kept only as a hash on
 * the order) and links the order to it. Nothing happens when the order asked for none, or when
 * the e-mail already has an account (that account's owner links their orders by logging in; an
 * order never joins an account it did not log in to; the caller tells the owner by e-mail). The
 * hash is removed from the order either way ({@link ACCOUNT_ASKED_NOT_CREATED} in the second case).
 * @param onEmailTaken called in the same transaction when the address already had an account, to
 *   write the owner's e-mail (to the outbox: decision 027), so the order is never marked handled
 *   without the owner being told.
 * @returns the new user's id; "email-taken" when the address already had an account; null when
 *   the order asked for none or was already handled.
 */
export async function createAccountFromOrder(
  db: Database,
  orderId: number,
  onEmailTaken?: (tx: Database, email: string) => Promise<unknown>,
): Promise<number | "email-taken" | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order?.accountPasswordHash || order.customerId !== null) return null;
    const [user] = await tx
      .insert(users)
      .values({
        role: "customer",
        province: order.province,
        locale: order.locale,
        firstName: order.firstName,
        lastName: order.lastName,
        email: order.email.toLowerCase(),
        phone: order.phone,
        passwordHash: order.accountPasswordHash,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    await tx
      .update(orders)
      .set(user ? { accountPasswordHash: null, customerId: user.id } : { accountPasswordHash: ACCOUNT_ASKED_NOT_CREATED })
      .where(eq(orders.id, orderId));
    if (!user) await onEmailTaken?.(tx, order.email);
    return user?.id ?? "email-taken";
  });
}
