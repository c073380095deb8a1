/**
 * The catalogue import's upload form: one CSV file, a multipart POST that works
 * without JavaScript; with it, conform checks a file is chosen and not over the size limit before
 * sending. Below it, the latest imports with links to their reports.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { CatalogueImportView } from "~/catalogue-import/catalogue-import.server";
import { MAX_UPLOAD_BYTES, REQUIRED_COLUMNS } from "~/catalogue-import/import-format";
import { UPLOAD_INTENT, type UploadForm, UploadSchema } from "~/catalogue-import/import-forms";
import { FieldErrors, inputClass } from "~/components/ui/form-field";
import { formatLongDate } from "~/i18n/format";
import { useT } from "~/i18n/translation";

const CONSTRAINT = getZodConstraint(UploadSchema);

export function UploadFormView({
  lastResult,
  recent,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  recent: Omit<CatalogueImportView, "report">[];
}) {
  const { t, i18n } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<UploadForm>({
    id: "catalogue-upload",
    lastResult,
    constraint: CONSTRAINT,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UploadSchema }),
  });
  const { key: _key, ...fileProps } = getInputProps(fields.file, { type: "file" });
  const helpId = `${fields.file.id}-help`;
  return (
    <div className="space-y-8">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="max-w-xl space-y-4" data-testid="import-upload">
        <input type="hidden" name="intent" value={UPLOAD_INTENT} />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.file.id} className="block text-sm font-medium">
            {t("catalogueImport.upload.file")}
          </label>
          <input
            {...fileProps}
            accept=".csv,text/csv"
            aria-describedby={[helpId, fields.file.errors?.length ? fields.file.errorId : null].filter(Boolean).join(" ")}
            className={inputClass}
          />
          <p id={helpId} className="mt-1 text-xs text-stone-600">
            {t("catalogueImport.upload.help", { megabytes: MAX_UPLOAD_BYTES / (1024 * 1024) })}
          </p>
          <FieldErrors id={fields.file.errorId} errors={fields.file.errors} />
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{t("catalogueImport.upload.columnsTitle")}</summary>
          <p className="mt-2">{t("catalogueImport.upload.columnsHelp")}</p>
          <code className="mt-2 block break-all rounded bg-stone-100 p-2 text-xs">{REQUIRED_COLUMNS.join(",")}</code>
        </details>
        <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white">
          {t("catalogueImport.upload.submit")}
        </button>
      </Form>
      {recent.length > 0 ? (
        <section aria-labelledby="recent-imports">
          <h2 id="recent-imports" className="font-serif text-xl">
            {t("catalogueImport.recent.title")}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {recent.map((r) => (
              <li key={r.id}>
                <Link to={`/agence/import?id=${r.id}`} className="text-wine-800 underline">
                  {t("catalogueImport.recent.item", { id: r.id, file: r.fileName, date: formatLongDate(r.createdAt, i18n.language) })}
                </Link>{" "}
                · {t(`catalogueImport.status.${r.status}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
