/**
 * Generated product images (never downloaded): `/images/products/{colour}--{type}.svg`.
 */
import { data } from "react-router";
import { bottleSvg, IMAGE_CACHE_CONTROL } from "~/catalogue/images";
import type { Route } from "./+types/images.products";

export function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z_-]{1,20})--([A-Z_]{1,20})\.svg$/.exec(params.file);
  if (!match) throw data(null, { status: 404 });
  const [, color, typeCode] = match as unknown as [string, string, string];
  return new Response(bottleSvg({ color: color === "none" ? "" : color, typeCode, label: "" }), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": IMAGE_CACHE_CONTROL,
    },
  });
}
