/**
 * The file input of the staff's photo forms (JPEG, PNG, WebP or AVIF, checked again by content on
 * the server) and a re-export of {@link EditField} for the alt texts.
 */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { MAX_IMAGE_UPLOAD_MEGABYTES } from "~/catalogue-editing/editing-forms";
import { FieldErrors, inputClass } from "~/components/ui/form-field";
import { useT } from "~/i18n/translation";
import { IMAGE_LIMIT_PARAMS } from "~/images/image-limits";

export { EditField } from "~/catalogue-editing/ui/edit-fields";

/** The formats a photo may be sent in, for the file picker (the server checks the content). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

export function ImageFileField({ field, label }: { field: FieldMetadata<File | undefined>; label: string }) {
  const { t } = useT();
  const helpId = `${field.id}-help`;
  const { key: _key, ...props } = getInputProps(field, { type: "file" });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        {...props}
        accept={IMAGE_ACCEPT}
        aria-describedby={[helpId, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ")}
        className={inputClass}
      />
      <p id={helpId} className="mt-1 text-xs text-stone-600">
        {t("catalogueEditing.photos.fileHelp", { megabytes: MAX_IMAGE_UPLOAD_MEGABYTES })}
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} values={IMAGE_LIMIT_PARAMS} />
    </div>
  );
}
