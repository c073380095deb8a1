/**
 * The bulk photo upload's views (decision 035): the upload form with the naming rule, the dry run
 * (file by file: matched with whom, would it replace a photo, or why not) with the confirmation
 * form, and the report of a confirmed upload. Every form is a plain POST that works without
 * JavaScript; with it, conform checks a file is chosen and within the size limit before sending.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { inputClass } from "~/components/ui/form-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatCount, formatLongDate } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { IMAGE_LIMIT_PARAMS } from "~/images/image-limits";
import { closestVariantWidth, imageVariantUrl } from "~/images/image-refs";
import { localized } from "~/lib/localized";
import type { PhotoDryRun, PhotoImportReport, PhotoLine, PhotoTargetView } from "~/photo-import/photo-import.server";
import {
  CHECK_INTENT,
  CONFIRM_INTENT,
  type PhotoConfirmForm,
  PhotoConfirmSchema,
  type PhotoZipForm,
  PhotoZipSchema,
} from "~/photo-import/photo-import-forms";
import type { Locale } from "~/vocabulary";

const ZIP_CONSTRAINT = getZodConstraint(PhotoZipSchema);
const CONFIRM_CONSTRAINT = getZodConstraint(PhotoConfirmSchema);

/** An error key with the limits it may name. */
function ErrorText({ id, errors }: { id?: string; errors: string[] | undefined }) {
  const { t } = useT();
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {t(errors[0]!, IMAGE_LIMIT_PARAMS)}
    </p>
  );
}

/** The upload form and the naming rule of the ZIP. */
export function PhotoZipUpload({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<PhotoZipForm>({
    id: "photo-zip-upload",
    lastResult,
    constraint: ZIP_CONSTRAINT,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PhotoZipSchema }),
  });
  const { key: _key, ...fileProps } = getInputProps(fields.file, { type: "file" });
  const helpId = `${fields.file.id}-help`;
  return (
    <div className="space-y-6">
      <Form
        method="post"
        action="/agence/photos"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="max-w-xl space-y-4"
        data-testid="photo-upload"
      >
        <input type="hidden" name="intent" value={CHECK_INTENT} />
        <ErrorText id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.file.id} className="block text-sm font-medium">
            {t("photoImport.upload.file")}
          </label>
          <input
            {...fileProps}
            accept=".zip,application/zip"
            aria-describedby={[helpId, fields.file.errors?.length ? fields.file.errorId : null].filter(Boolean).join(" ")}
            className={inputClass}
          />
          <p id={helpId} className="mt-1 text-xs text-stone-600">
            {t("photoImport.upload.help", IMAGE_LIMIT_PARAMS)}
          </p>
          <ErrorText id={fields.file.errorId} errors={fields.file.errors} />
        </div>
        <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white">
          {t("photoImport.upload.submit")}
        </button>
      </Form>
      <section aria-labelledby="photo-naming" className="max-w-3xl text-sm">
        <h2 id="photo-naming" className="font-serif text-xl">
          {t("photoImport.naming.title")}
        </h2>
        <p className="mt-2">{t("photoImport.naming.intro")}</p>
        <table className="mt-2 text-left">
          <caption className="sr-only">{t("photoImport.naming.title")}</caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="px-2 py-1">
                {t("photoImport.naming.path")}
              </th>
              <th scope="col" className="px-2 py-1">
                {t("photoImport.naming.effect")}
              </th>
            </tr>
          </thead>
          <tbody>
            {(["productMain", "productExtra", "providerPhoto", "providerLogo"] as const).map((kind) => (
              <tr key={kind} className="border-b border-stone-100 align-top">
                <td className="px-2 py-1">
                  <code>{t(`photoImport.naming.${kind}.path`)}</code>
                </td>
                <td className="px-2 py-1">{t(`photoImport.naming.${kind}.effect`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2">{t("photoImport.naming.rest", IMAGE_LIMIT_PARAMS)}</p>
      </section>
    </div>
  );
}

function targetText(t: ReturnType<typeof useT>["t"], locale: Locale, target: PhotoTargetView): string {
  return t(`photoImport.kinds.${target.kind}`, { name: localized(locale, target.nameFr, target.nameEn), code: target.code });
}

/** The dry run of an uploaded ZIP and, when anything can be applied, its confirmation form. */
export function PhotoDryRunView({ dryRun, lastResult }: { dryRun: PhotoDryRun; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t, i18n } = useT();
  const locale = (i18n.language.startsWith("en") ? "en" : "fr") as Locale;
  const count = (n: number) => formatCount(n, i18n.language);
  return (
    <div className="space-y-6" data-testid="photo-dry-run">
      <h2 className="font-serif text-2xl">{t("photoImport.dryRun.title", { file: dryRun.zipName })}</h2>
      <dl className="grid max-w-2xl grid-cols-2 gap-2 sm:grid-cols-4">
        {(["matched", "replaces", "unmatched", "refused"] as const).map((key) => (
          <div key={key} className="rounded border border-stone-200 p-3" data-testid={`photo-count-${key}`}>
            <dt className="text-sm text-stone-700">{t(`photoImport.counts.${key}`)}</dt>
            <dd className="text-2xl font-semibold">{count(dryRun.counts[key])}</dd>
          </div>
        ))}
      </dl>
      {dryRun.token ? (
        <ConfirmPhotosForm token={dryRun.token} lastResult={lastResult} />
      ) : (
        <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-3" data-testid="photo-nothing">
          {t("photoImport.dryRun.nothing")}
        </p>
      )}
      <TableScroll label={t("photoImport.dryRun.caption")}>
        <table className="min-w-full text-left text-sm" data-testid="photo-lines">
          <caption className="sr-only">{t("photoImport.dryRun.caption")}</caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="px-2 py-1">
                {t("photoImport.columns.file")}
              </th>
              <th scope="col" className="px-2 py-1">
                {t("photoImport.columns.photo")}
              </th>
              <th scope="col" className="px-2 py-1">
                {t("photoImport.columns.outcome")}
              </th>
            </tr>
          </thead>
          <tbody>
            {dryRun.lines.map((line, i) => (
              // A ZIP may hold two entries of the same name: the index keeps the keys apart.
              <tr key={`${i}:${line.file}`} className="border-b border-stone-100 align-top" data-testid="photo-line">
                <td className="px-2 py-1 break-all">{line.file}</td>
                <td className="px-2 py-1">
                  {line.outcome === "matched" ? (
                    <img
                      src={imageVariantUrl(line.hash, closestVariantWidth(line.width, 160), "jpeg")}
                      width={80}
                      height={Math.max(1, Math.round((80 * line.height) / line.width))}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  ) : null}
                </td>
                <td className="px-2 py-1">
                  <LineOutcome line={line} locale={locale} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p>
        <Link to="/agence/photos" className="text-wine-800 underline">
          {t("photoImport.another")}
        </Link>
      </p>
    </div>
  );
}

function LineOutcome({ line, locale }: { line: PhotoLine; locale: Locale }) {
  const { t } = useT();
  if (line.outcome === "matched") {
    return (
      <>
        {targetText(t, locale, line.target)}
        {line.replaces ? <strong className="block text-amber-800">{t(`photoImport.replaces.${line.target.kind}`)}</strong> : null}
      </>
    );
  }
  if (line.outcome === "refused") {
    return (
      <span className="text-red-800">
        {targetText(t, locale, line.target)} — {t(`photoImport.lineRefused.${line.reason}`, IMAGE_LIMIT_PARAMS)}
      </span>
    );
  }
  return <span className="text-stone-700">{t(`photoImport.unmatched.${line.kind}`, { code: line.code ?? "" })}</span>;
}

function ConfirmPhotosForm({ token, lastResult }: { token: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form] = useForm<PhotoConfirmForm>({
    id: `photo-confirm-${token.slice(-12)}`,
    lastResult,
    constraint: CONFIRM_CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PhotoConfirmSchema }),
  });
  return (
    <Form method="post" action="/agence/photos" {...getFormProps(form)} className="space-y-2" data-testid="photo-confirm">
      <input type="hidden" name="intent" value={CONFIRM_INTENT} />
      <input type="hidden" name="plan" value={token} />
      <ErrorText id={form.errorId} errors={form.errors} />
      <p className="text-sm">{t("photoImport.dryRun.confirmHelp")}</p>
      <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white">
        {t("photoImport.dryRun.confirm")}
      </button>
    </Form>
  );
}

/** The report of a confirmed upload. */
export function PhotoImportReportView({ report }: { report: PhotoImportReport }) {
  const { t, i18n } = useT();
  const locale = (i18n.language.startsWith("en") ? "en" : "fr") as Locale;
  return (
    <div className="space-y-4" data-testid="photo-report">
      <h2 className="font-serif text-2xl">{t("photoImport.report.title", { file: report.zipName })}</h2>
      <p role="status" className="rounded border border-green-600 bg-green-50 p-3" data-testid="photo-applied">
        {t("photoImport.report.applied", {
          count: report.applied.length,
          date: formatLongDate(report.appliedAt, i18n.language),
          email: report.actorEmail,
        })}
      </p>
      <ul className="list-disc space-y-1 pl-6 text-sm" data-testid="photo-report-lines">
        {report.applied.map((line, i) => (
          <li key={`${i}:${line.file}`}>
            <span className="break-all">{line.file}</span> → {targetText(t, locale, line.target)}
            {line.replaced ? ` (${t("photoImport.report.replaced")})` : ""}
          </li>
        ))}
      </ul>
      {report.gone.length > 0 ? (
        <p className="text-sm text-amber-800" data-testid="photo-report-gone">
          {t("photoImport.report.gone", { files: report.gone.join(", ") })}
        </p>
      ) : null}
      <p>
        <Link to="/agence/photos" className="text-wine-800 underline">
          {t("photoImport.another")}
        </Link>
      </p>
    </div>
  );
}
