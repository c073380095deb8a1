/**
 * Generated blog covers (never downloaded): `/images/blogs/{motif}--{rrggbb}.svg`.
 */
import { data } from "react-router";
import { blogCoverSvg, parseBlogCoverFile } from "~/blogs/cover-image";
import { IMAGE_CACHE_CONTROL } from "~/catalogue/images";
import type { Route } from "./+types/images.blogs";

export function loader({ params }: Route.LoaderArgs) {
  const cover = parseBlogCoverFile(params.file);
  if (!cover) throw data(null, { status: 404 });
  return new Response(blogCoverSvg(cover), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": IMAGE_CACHE_CONTROL,
    },
  });
}
