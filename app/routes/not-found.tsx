/**
 * /not-found and the catch-all for unknown paths (docs/product.md#errors): 'Oops, we could not find this page', 404.
 * `?type=product|provider|blog` says what was not found, in the page's language
 * (docs/decisions/051-listing-filters-and-lookups.md); any other type is left unsaid.
 */
import { data } from "react-router";
import { notFoundData, notFoundTypeOf } from "~/http/not-found";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const type = notFoundTypeOf(new URL(request.url).searchParams.get("type"));
  throw data(type ? notFoundData(type) : null, { status: 404 });
}

export default function NotFound() {
  return null;
}
