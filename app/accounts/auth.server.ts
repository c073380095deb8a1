/**
 * Logging in (docs/product.md#accounts; Accounts: remix-auth with its FormStrategy; the app owns
 * the session cookie) and the navigation guard of docs/product.md#accounts. Failed logins are limited per client and per
 * account and client, successes never count, and nobody can lock another person out
 * (docs/decisions/031); a refused login answers 'Nom d'utilisateur ou mot de passe invalide'
 * whether or not the e-mail has an account.
 */
import { createHmac } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Database } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { purposeKey } from "~/http/purpose-keys.server";
import { giveBackRateLimit, hitRateLimit, peekRateLimit, resetRateLimit, tooManyRequests } from "~/http/rate-limit.server";
import { isDemoEmail } from "~/users/demo-accounts.server";
import { readUser, type User, verifyCredentials } from "~/users/users.server";
import { LoginSchema } from "./account-forms";

/** A refused login: conform's reply for the form (field errors, values kept, password hidden). */
export class LoginRefused extends Error {
  constructor(readonly result: SubmissionResult<string[]>) {
    super("login refused");
  }
}

/**
 * The keys of the login limits for an e-mail and a client address. The e-mail is keyed by an HMAC
 * under a key derived from the session secret, so neither the counters' table nor a log line holds
 * the address, nor lets anyone test a guessed address against it.
 */
function loginKeys(email: string, clientAddress: string) {
  const account = createHmac("sha256", purposeKey("cuvee/login-limits/v1"))
    .update(email.trim().toLowerCase())
    .digest("base64url")
    .slice(0, 22);
  return { client: `client:${clientAddress}`, pair: `pair:${account}:${clientAddress}`, account: `account:${account}` };
}

/**
 * Whether this client may try a password for this account now (docs/decisions/031): the client
 * is under its own limit of failures and under the limit of failures for this account; and when
 * the account as a whole has too many failures, only a client that has not failed for it goes on,
 * so the owner on a fresh address always can.
 * @returns null, or the seconds to wait.
 */
async function loginWait(
  keys: ReturnType<typeof loginKeys>,
): Promise<{ name: "loginClient" | "loginPair" | "loginAccount"; seconds: number } | null> {
  const client = await peekRateLimit("loginClient", keys.client);
  if (!client.ok) return { name: "loginClient", seconds: client.retryAfterSeconds };
  const pair = await peekRateLimit("loginPair", keys.pair);
  if (!pair.ok) return { name: "loginPair", seconds: pair.retryAfterSeconds };
  const account = await peekRateLimit("loginAccount", keys.account);
  if (!account.ok && pair.used > 0) return { name: "loginAccount", seconds: account.retryAfterSeconds };
  return null;
}

/**
 * Counts this try against the client and the pair BEFORE the password is checked, so a burst of
 * parallel tries cannot all pass {@link loginWait}; a right password gives them back.
 * @returns null, or the limit reached and the seconds to wait.
 */
async function countLoginTry(keys: ReturnType<typeof loginKeys>): Promise<{ name: "loginClient" | "loginPair"; seconds: number } | null> {
  const client = await hitRateLimit("loginClient", keys.client);
  if (!client.ok) return { name: "loginClient", seconds: client.retryAfterSeconds };
  const pair = await hitRateLimit("loginPair", keys.pair);
  if (!pair.ok) return { name: "loginPair", seconds: pair.retryAfterSeconds };
  return null;
}

/**
 * Checks a login form (`email`, `password`, `redirect`) with remix-auth's FormStrategy.
 * Only failures count against the login limits (docs/decisions/031): per client address, per
 * account and client, and per account for the clients that already failed for it; a success
 * clears its pair's count.
 * @param clientAddress the client's IP address (request context; behind `TRUST_PROXY`, the
 *   proxy's `X-Forwarded-For`).
 * @returns the user and the `redirect` field.
 * @throws LoginRefused (invalid form, or credentials that match no account); a 429 response with
 *   `Retry-After` when the client is over a login limit (checked before the password is).
 */
export async function authenticate(
  db: Database,
  request: Request,
  clientAddress: string,
): Promise<{ user: User; redirectTo: string | undefined }> {
  const client = await peekRateLimit("loginClient", `client:${clientAddress}`);
  if (!client.ok) throw tooManyRequests("loginClient", client.retryAfterSeconds);
  let redirectTo: string | undefined;
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const submission = parseWithZod(form, { schema: LoginSchema });
      if (submission.status !== "success") throw new LoginRefused(submission.reply({ hideFields: ["password"] }));
      redirectTo = submission.value.redirect;
      const keys = loginKeys(submission.value.email, clientAddress);
      const wait = (await loginWait(keys)) ?? (await countLoginTry(keys));
      if (wait) throw tooManyRequests(wait.name, wait.seconds);
      const user = await verifyCredentials(db, submission.value.email, submission.value.password);
      // A demo login (README) never opens a production shop, even on a reused development database.
      const demoInProduction = user !== null && getEnv().nodeEnv === "production" && isDemoEmail(user.email);
      if (!user || demoInProduction) {
        await hitRateLimit("loginAccount", keys.account);
        throw new LoginRefused(submission.reply({ formErrors: ["auth.errors.invalidCredentials"], hideFields: ["password"] }));
      }
      // Successes never count: the client's try is given back and the pair's failures forgotten.
      await giveBackRateLimit("loginClient", keys.client);
      await resetRateLimit("loginPair", keys.pair);
      return user;
    }),
    "form",
  );
  try {
    return { user: await authenticator.authenticate("form", request), redirectTo };
  } catch (error) {
    // A body that is not a form (FormStrategy's formData() fails) is refused like a bad form.
    if (error instanceof TypeError) throw new LoginRefused({ status: "error", error: { "": ["auth.errors.invalidCredentials"] } });
    throw error;
  }
}

/**
 * The navigation guard of docs/product.md#accounts: the logged-in user, or a redirect to `/login?redirect=<the
 * wanted path and query>` when there is no session or the profile cannot be loaded. A user whose
 * password expired (docs/product.md#accounts) is sent to `/reset-password?redirect=<…>` until they set a new one.
 * @param options.allowExpiredPassword for the page that sets the new password.
 * @throws the redirect.
 */
export async function requireUser(db: Database, request: Request, options: { allowExpiredPassword?: boolean } = {}): Promise<User> {
  const user = await readUser(db, request);
  const url = new URL(request.url);
  const wanted = new URLSearchParams({ redirect: url.pathname + url.search });
  if (!user) throw redirect(`/login?${wanted}`);
  if (user.passwordExpired && !options.allowExpiredPassword) throw redirect(`/reset-password?${wanted}`);
  return user;
}
