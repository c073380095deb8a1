/**
 * Generated producer images: `/images/providers/{slug}.svg` (a monogram in the producer's colour);
 * `default.svg` is the default image of docs/product.md#producers ("default image if none").
 */
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { IMAGE_CACHE_CONTROL, providerSvg } from "~/catalogue/images";
import { shopContext } from "~/context";
import { providers } from "~/db/schema";
import type { Route } from "./+types/images.providers";

export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]{1,120})\.svg$/.exec(params.file);
  if (!match) throw data(null, { status: 404 });
  let svg: string;
  if (match[1] === "default") {
    svg = providerSvg({ name: "", color: null });
  } else {
    const { db } = context.get(shopContext);
    const [row] = await db
      .select({ name: providers.name, color: providers.imageColor })
      .from(providers)
      .where(eq(providers.slug, match[1]!))
      .limit(1);
    if (!row) throw data(null, { status: 404 });
    svg = providerSvg({ name: row.name, color: row.color });
  }
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": IMAGE_CACHE_CONTROL },
  });
}
