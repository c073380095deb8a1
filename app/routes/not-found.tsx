/** /not-found and the catch-all for unknown paths (SPEC §2): 'Oops, we could not find this page', 404. */
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
