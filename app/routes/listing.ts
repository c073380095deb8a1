/** Placeholder while issue 10 is being built: replaced by the PDF route. */
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}
