/**
 * An article's cover (decision 045): its photo from the image pipeline when staff gave one
 * (`<picture>` in every format and width, with its alt text), else the cover drawn from its motif
 * and colour (decorative: the title beside it says what the article is).
 */
import { blogCoverSrc } from "~/blogs/cover-image";
import type { ImageRef } from "~/images/image-refs";
import { CataloguePicture } from "~/images/ui/catalogue-picture";
import type { BlogCoverMotif } from "~/vocabulary";

export function BlogCover({
  cover,
  sizes,
  width,
  height,
  className,
  priority = false,
}: {
  cover: { coverImage: ImageRef | null; coverColor: string; coverMotif: BlogCoverMotif };
  /** How wide the cover is drawn at each viewport, for the photo's `sizes`. */
  sizes: string;
  /** The drawn cover's box, in pixels. */
  width: number;
  height: number;
  className: string;
  /** The page's largest image: fetched first, never lazy. */
  priority?: boolean;
}) {
  if (cover.coverImage) {
    return <CataloguePicture image={cover.coverImage} sizes={sizes} fit="cover" priority={priority} className={className} />;
  }
  return (
    <img
      src={blogCoverSrc({ color: cover.coverColor, motif: cover.coverMotif })}
      alt=""
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      className={className}
    />
  );
}
