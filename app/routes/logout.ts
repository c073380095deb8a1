/**
 * POST /logout (SPEC §4): deletes the login's session row, starts a new guest identity (a new
 * session id) and goes home. A GET changes nothing.
 */
import { redirect } from "react-router";
import { shopContext } from "~/context";
import { endUserSession } from "~/users/users.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await endUserSession(context.get(shopContext).db, request);
  return redirect("/", { status: 303, headers: { "Set-Cookie": setCookie } });
}

export function loader() {
  return redirect("/", 303);
}
