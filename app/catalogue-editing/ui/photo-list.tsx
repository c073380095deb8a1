/**
 * A product's photos on its staff page: each with its thumbnail, place and alt texts, and one
 * small POST form per action (move up, move down, make it the main photo, remove), so each works
 * without JavaScript; below, the upload form of one more photo (multipart, alt text in both
 * languages required, the product's name by default).
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { type AddPhotoForm, AddPhotoSchema, PRODUCT_INTENTS } from "~/catalogue-editing/editing-forms";
import { EditField, ImageFileField } from "~/catalogue-editing/ui/upload-fields";
import { FieldErrors } from "~/components/ui/form-field";
import { useT } from "~/i18n/translation";
import type { ImageRef } from "~/images/image-refs";
import { CataloguePicture } from "~/images/ui/catalogue-picture";

/** One photo as the page lists it. */
export interface PhotoItem {
  imageId: number;
  image: ImageRef;
  altFr: string;
  altEn: string;
}

const ADD_CONSTRAINT = getZodConstraint(AddPhotoSchema);

const buttonClass = "min-h-11 rounded border border-stone-300 px-3 py-2 text-sm hover:bg-wine-50 disabled:opacity-50";

function PhotoAction({
  intent,
  imageId,
  label,
  direction,
  disabled,
  danger = false,
}: {
  intent: string;
  imageId: number;
  label: string;
  direction?: "up" | "down";
  disabled: boolean;
  danger?: boolean;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="imageId" value={imageId} />
      {direction ? <input type="hidden" name="direction" value={direction} /> : null}
      <button type="submit" disabled={disabled} className={danger ? `${buttonClass} text-red-800` : buttonClass}>
        {label}
      </button>
    </Form>
  );
}

export function ProductPhotos({
  photos,
  defaultAlt,
  uploadResult,
  photosError,
}: {
  photos: PhotoItem[];
  /** The product's name in each language: the alt text proposed for a new photo. */
  defaultAlt: { altFr: string; altEn: string };
  uploadResult: SubmissionResult<string[]> | undefined;
  /** A photo action refused (the photo is no longer there): its message key. */
  photosError: string | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm<AddPhotoForm>({
    id: "product-photo-upload",
    lastResult: uploadResult,
    constraint: ADD_CONSTRAINT,
    defaultValue: defaultAlt,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddPhotoSchema }),
  });
  return (
    <section aria-labelledby="photos-title" className="mt-10" data-testid="product-photos">
      <h2 id="photos-title" className="font-serif text-2xl">
        {t("catalogueEditing.photos.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("catalogueEditing.photos.intro")}</p>
      <FieldErrors errors={photosError ? [photosError] : undefined} />
      {photos.length === 0 ? (
        <p className="mt-4 text-sm">{t("catalogueEditing.photos.none")}</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {photos.map((photo, index) => (
            <li
              key={photo.imageId}
              className="flex flex-wrap items-start gap-4 rounded border border-stone-200 p-3"
              data-testid="photo-item"
            >
              <div className="w-24 shrink-0">
                <CataloguePicture image={photo.image} sizes="96px" className="h-auto w-24 rounded object-contain" />
              </div>
              <div className="min-w-48 grow text-sm">
                <p className="font-semibold">
                  {index === 0 ? t("catalogueEditing.photos.main") : t("catalogueEditing.photos.nth", { n: index + 1 })}
                </p>
                <p>{t("catalogueEditing.photos.altFrShown", { alt: photo.altFr })}</p>
                <p>{t("catalogueEditing.photos.altEnShown", { alt: photo.altEn })}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {index > 0 ? (
                    <PhotoAction
                      intent={PRODUCT_INTENTS.movePhoto}
                      imageId={photo.imageId}
                      direction="up"
                      label={t("catalogueEditing.photos.up", { n: index + 1 })}
                      disabled={busy}
                    />
                  ) : null}
                  {index < photos.length - 1 ? (
                    <PhotoAction
                      intent={PRODUCT_INTENTS.movePhoto}
                      imageId={photo.imageId}
                      direction="down"
                      label={t("catalogueEditing.photos.down", { n: index + 1 })}
                      disabled={busy}
                    />
                  ) : null}
                  {index > 0 ? (
                    <PhotoAction
                      intent={PRODUCT_INTENTS.mainPhoto}
                      imageId={photo.imageId}
                      label={t("catalogueEditing.photos.makeMain", { n: index + 1 })}
                      disabled={busy}
                    />
                  ) : null}
                  <PhotoAction
                    intent={PRODUCT_INTENTS.removePhoto}
                    imageId={photo.imageId}
                    label={t("catalogueEditing.photos.remove", { n: index + 1 })}
                    disabled={busy}
                    danger
                  />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-6 max-w-3xl space-y-4 rounded border border-stone-200 p-4"
        data-testid="photo-upload"
      >
        <h3 className="font-semibold">{t("catalogueEditing.photos.addTitle")}</h3>
        <input type="hidden" name="intent" value={PRODUCT_INTENTS.addPhoto} />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <ImageFileField field={fields.file} label={t("catalogueEditing.photos.file")} />
        <div className="grid gap-4 md:grid-cols-2">
          <EditField field={fields.altFr} label={t("catalogueEditing.photos.altFr")} lang="fr" />
          <EditField field={fields.altEn} label={t("catalogueEditing.photos.altEn")} lang="en" />
        </div>
        <button type="submit" disabled={busy} className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
          {t("catalogueEditing.photos.add")}
        </button>
      </Form>
    </section>
  );
}
