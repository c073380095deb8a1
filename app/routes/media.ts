/**
 * `/media/{hash}/{width}.{format}`: a variant of a stored image (decision 035). The hash names
 * the content, so the answer never changes: cached everywhere for a year, `immutable`.
 */
import { data } from "react-router";
import { shopContext } from "~/context";
import { isImageHash } from "~/images/image-refs";
import { imageVariant } from "~/images/image-variants.server";
import type { Route } from "./+types/media";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isImageHash(params.hash)) throw data(null, { status: 404 });
  const variant = await imageVariant(context.get(shopContext).db, params.hash, params.file);
  if (!variant) throw data(null, { status: 404 });
  return new Response(new Blob([new Uint8Array(variant.bytes)]), {
    headers: {
      "Content-Type": variant.contentType,
      "Content-Length": String(variant.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
