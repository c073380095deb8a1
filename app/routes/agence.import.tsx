/** Placeholder while issue 10 is being built: replaced by its feature's page. */
import { requireStaff } from "~/agency/staff.server";
import { shopContext } from "~/context";
import type { Route } from "./+types/agence.import";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.get(shopContext).db, request);
  return null;
}

export default function Placeholder() {
  return null;
}
