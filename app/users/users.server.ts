/**
 * User accounts and their logged-in sessions (docs/product.md#accounts User, login and logout; docs/product.md#accounts
 * Accounts). Passwords are verified in constant time, and an unknown e-mail costs the
 * same work as a wrong password, so the answer never tells whether an address has an account.
 */
import { and, asc, eq, gt, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/db/like-pattern";
import { users, userSessions } from "~/db/schema";
import { readSession, rotateSession } from "~/session.server";
import type { Locale, Province, Role } from "~/vocabulary";
import { hashPassword, verifyPassword } from "./password.server";

/** A user as the app sees it: never the password hash. */
export type User = Omit<typeof users.$inferSelect, "passwordHash">;

/** Longest a login lasts, even in use: then the customer logs in again. Days. */
export const USER_SESSION_DAYS = 30;

/** The columns of a {@link User} (every one but the password hash). */
export const USER_COLUMNS = {
  id: users.id,
  role: users.role,
  province: users.province,
  locale: users.locale,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  passwordExpired: users.passwordExpired,
  newsletter: users.newsletter,
  createdAt: users.createdAt,
};

/** A hash no password matches, verified when the e-mail is unknown so both answers take as long. */
let decoyHash: Promise<string> | undefined;

/**
 * The user with these credentials, or null (unknown e-mail or wrong password: the caller answers
 * the same for both). @param email any case; compared lower-case.
 */
export async function verifyCredentials(db: Database, email: string, password: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  if (!row) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verifyPassword(password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  const { passwordHash: _hash, ...user } = row;
  return user;
}

/**
 * Creates a customer account (docs/product.md#accounts registration) in the visitor's province and language.
 * @returns the user, or "email-taken" when the address already has an account.
 */
export async function registerCustomer(
  db: Database,
  input: { firstName: string; lastName: string; email: string; password: string; province: Province; locale: Locale },
): Promise<User | "email-taken"> {
  const [row] = await db
    .insert(users)
    .values({
      role: "customer",
      province: input.province,
      locale: input.locale,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email.trim().toLowerCase(),
      passwordHash: await hashPassword(input.password),
    })
    .onConflictDoNothing({ target: users.email })
    .returning(USER_COLUMNS);
  return row ?? "email-taken";
}

/**
 * Logs a user in: a new session id (rotation), its `user_sessions` row, the same guest identity.
 * @returns the Set-Cookie header value.
 */
export async function startUserSession(db: Database, request: Request, userId: number, now = Date.now()): Promise<string> {
  const { session, setCookie } = await rotateSession(request, now, { userId });
  await db.insert(userSessions).values({
    id: session.id,
    userId,
    createdAt: new Date(now),
    expiresAt: new Date(now + USER_SESSION_DAYS * 86_400_000),
  });
  return setCookie;
}

/**
 * Logs out (docs/product.md#accounts): deletes the session's row, so a copy of the old cookie logs no one in, and
 * starts a new guest identity.
 * @returns the Set-Cookie header value.
 */
export async function endUserSession(db: Database, request: Request, now = Date.now()): Promise<string> {
  const current = await readSession(request, now);
  if (current?.userId) await db.delete(userSessions).where(eq(userSessions.id, current.id));
  return (await rotateSession(request, now, { newGuest: true })).setCookie;
}

const userByRequest = new WeakMap<Request, Promise<User | null>>();

/**
 * The logged-in user of the request, or null (no session, logged out, expired, or deleted). Read
 * once per request (the layout, the cart owner and the page all ask).
 */
export function readUser(db: Database, request: Request, now = Date.now()): Promise<User | null> {
  let read = userByRequest.get(request);
  if (!read) {
    read = loadSessionUser(db, request, now);
    userByRequest.set(request, read);
  }
  return read;
}

async function loadSessionUser(db: Database, request: Request, now: number): Promise<User | null> {
  const session = await readSession(request, now);
  if (!session?.userId) return null;
  const [row] = await db
    .select(USER_COLUMNS)
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.id, session.id), eq(userSessions.userId, session.userId), gt(userSessions.expiresAt, new Date(now))))
    .limit(1);
  return row ?? null;
}

/**
 * Sets a user's password (reset, change, docs/product.md#accounts `PUT /accounts/{id}/password`): a fresh scrypt
 * hash, `passwordExpired` cleared, and every other login of the user revoked (a stolen session
 * does not outlive a password change).
 * @param keepSessionId the session to keep logged in (the one changing its password), if any.
 * @returns false when the user does not exist.
 */
export async function setUserPassword(db: Database, userId: number, password: string, keepSessionId?: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash, passwordExpired: false })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await tx
      .delete(userSessions)
      .where(keepSessionId ? and(eq(userSessions.userId, userId), ne(userSessions.id, keepSessionId)) : eq(userSessions.userId, userId));
    return true;
  });
}

/** Longest list {@link listUsers} returns. */
export const USERS_LIST_LIMIT = 200;

/**
 * The users list of docs/product.md#staff-area (`GET /users` with query role) for the agency's staff (docs/product.md#staff-area):
 * users by last then first name, optionally of one role, optionally matching a
 * search in the names or e-mail (accents and case ignored). Never the password hashes.
 * @param actor the logged-in user asking: anyone but staff gets null (the caller answers 404).
 * @param filter.search free text (trimmed, at most 100 characters).
 * @returns at most {@link USERS_LIST_LIMIT} users, or null for a non-staff actor.
 */
export async function listUsers(
  db: Database,
  actor: Pick<User, "role"> | null,
  filter: { role?: Role; search?: string } = {},
): Promise<User[] | null> {
  if (actor?.role !== "staff") return null;
  const text = (filter.search ?? "").trim().slice(0, 100);
  const pattern = containsPattern(text);
  return db
    .select(USER_COLUMNS)
    .from(users)
    .where(
      and(
        filter.role ? eq(users.role, filter.role) : undefined,
        text
          ? or(
              sql`cuvee_unaccent(${users.firstName} || ' ' || ${users.lastName}) ilike cuvee_unaccent(${pattern})`,
              sql`${users.email} ilike ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(USERS_LIST_LIMIT);
}
