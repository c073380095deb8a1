/**
 * The product page's other photos (docs/decisions/038-photos-on-pages.md): small thumbnails, each
 * a link to the photo's largest JPEG, so the gallery works the same with and without JavaScript
 * (the browser opens the photo; back returns to the page). Shown only when there is more than the
 * main photo.
 */
import { useT } from "~/i18n/translation";
import { closestVariantWidth, type ImageRef, imageVariantUrl } from "~/images/image-refs";
import { CataloguePicture } from "~/images/ui/catalogue-picture";
import { PICTURE_SIZES } from "./catalogue-image";

/** The width of the JPEG a gallery link opens (the largest served, at most 1600 pixels). */
const OPENED_WIDTH = 1600;

export function ProductGallery({ photos }: { photos: readonly ImageRef[] }) {
  const { t } = useT();
  if (photos.length < 2) return null;
  return (
    <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label={t("product.photos.title")} data-testid="product-gallery">
      {photos.map((photo, i) => (
        <li key={photo.hash}>
          <a
            href={imageVariantUrl(photo.hash, closestVariantWidth(photo.width, OPENED_WIDTH), "jpeg")}
            className="block rounded border border-stone-200 p-1 hover:border-wine-600"
          >
            <CataloguePicture image={photo} sizes={PICTURE_SIZES.thumbnail} className="h-20 w-16 object-contain" />
            <span className="sr-only">{t("product.photos.open", { number: i + 1, count: photos.length })}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
