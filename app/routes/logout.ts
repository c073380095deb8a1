/**
 * POST /logout (docs/product.md#accounts): deletes the login's session row, starts a new guest identity (a new
 * session id) and goes home, which says so once (a flash, decision 039). A GET changes nothing.
 */
import { redirect } from "react-router";
import { shopContext } from "~/context";
import { setFlash } from "~/http/flash.server";
import { endUserSession } from "~/users/users.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await endUserSession(context.get(shopContext).db, request);
  // Home says it once (decision 039).
  return redirect("/", {
    status: 303,
    headers: [
      ["Set-Cookie", setCookie],
      ["Set-Cookie", await setFlash({ key: "feedback.flash.loggedOut" })],
    ],
  });
}

export function loader() {
  return redirect("/", 303);
}
