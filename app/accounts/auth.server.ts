/**
 * Logging in (SPEC §4, §8; DESIGN §3 Accounts: remix-auth with its FormStrategy; the app owns
 * the session cookie) and the navigation guard of SPEC §2. Login is rate-limited per client and
 * per e-mail (issue 6 §7); a refused login answers 'Nom d'utilisateur ou mot de passe invalide'
 * whether or not the e-mail has an account.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Database } from "~/db/client.server";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { getEnv } from "~/env.server";
import { LoginSchema } from "./account-forms";
import { isDemoEmail } from "~/users/demo-accounts.server";
import { readUser, verifyCredentials, type User } from "~/users/users.server";

/** A refused login: conform's reply for the form (field errors, values kept, password hidden). */
export class LoginRefused extends Error {
  constructor(readonly result: SubmissionResult<string[]>) {
    super("login refused");
  }
}

/**
 * Checks a login form (`email`, `password`, `redirect`) with remix-auth's FormStrategy.
 * @returns the user and the `redirect` field.
 * @throws LoginRefused (invalid form, or credentials that match no account); a 429 response when
 *   the client or the e-mail is over the login limit.
 */
export async function authenticate(db: Database, request: Request, clientAddress: string): Promise<{ user: User; redirectTo: string | undefined }> {
  await enforceRateLimit("login", `client:${clientAddress}`);
  let redirectTo: string | undefined;
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const submission = parseWithZod(form, { schema: LoginSchema });
      if (submission.status !== "success") throw new LoginRefused(submission.reply({ hideFields: ["password"] }));
      redirectTo = submission.value.redirect;
      await enforceRateLimit("login", `email:${submission.value.email.toLowerCase()}`);
      const user = await verifyCredentials(db, submission.value.email, submission.value.password);
      // A demo login (README) never opens a production shop, even on a reused development database.
      const demoInProduction = user !== null && getEnv().nodeEnv === "production" && isDemoEmail(user.email);
      if (!user || demoInProduction) {
        throw new LoginRefused(submission.reply({ formErrors: ["auth.errors.invalidCredentials"], hideFields: ["password"] }));
      }
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
 * The navigation guard of SPEC §2: the logged-in user, or a redirect to `/login?redirect=<the
 * wanted path and query>` when there is no session or the profile cannot be loaded. A user whose
 * password expired (SPEC §4) is sent to `/reset-password?redirect=<…>` until they set a new one.
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
