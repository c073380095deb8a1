/**
 * The report of a catalogue import: its status, the counts (created, changed,
 * unchanged, refused), the file's problems, and its lines (line number, puids, each change old →
 * new, or why the line is refused). A checked import carries the "Confirmer l’import" form (a POST
 * of its id and the fingerprint of this report: no new upload needed); a refused one says the
 * whole file is refused; an applied one gives the result.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { CatalogueImportView } from "~/catalogue-import/catalogue-import.server";
import { CONFIRM_INTENT, type ConfirmForm, ConfirmSchema } from "~/catalogue-import/import-forms";
import { FieldErrors } from "~/components/ui/form-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { type FieldChange, LINE_OUTCOMES, MONEY_FIELDS, type Refusal, type ReportLine } from "~/db/import-report";
import { formatCount, formatLongDate, formatMoney } from "~/i18n/format";
import { useT } from "~/i18n/translation";

const CONSTRAINT = getZodConstraint(ConfirmSchema);

export function ImportReportView({
  view,
  conflict,
  lastResult,
}: {
  view: CatalogueImportView;
  /** The confirmation found the catalogue changed since the dry run: this is the new report. */
  conflict: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useT();
  const { report } = view;
  const count = (n: number) => formatCount(n, i18n.language);
  return (
    <div className="space-y-6" data-testid="import-report">
      <div>
        <h2 className="font-serif text-2xl">{t("catalogueImport.report.title", { id: view.id, file: view.fileName })}</h2>
        <p className="mt-1 text-sm text-stone-700">
          {t("catalogueImport.report.checkedOn", { date: formatLongDate(view.createdAt, i18n.language) })} ·{" "}
          <span data-testid="import-status">{t(`catalogueImport.status.${view.status}`)}</span>
        </p>
      </div>
      {conflict ? (
        <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-3" data-testid="import-conflict">
          {t("catalogueImport.report.conflict")}
        </p>
      ) : null}
      <dl className="grid max-w-2xl grid-cols-2 gap-2 sm:grid-cols-4" data-testid="import-counts">
        {LINE_OUTCOMES.map((outcome) => (
          <div key={outcome} className="rounded border border-stone-200 p-3" data-testid={`count-${outcome}`}>
            <dt className="text-sm text-stone-700">{t(`catalogueImport.outcomes.${outcome}`)}</dt>
            <dd className="text-2xl font-semibold">{count(report.counts[outcome])}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">{t("catalogueImport.report.summary", { lines: count(report.lines), products: count(report.newProducts) })}</p>

      {view.status === "APPLIED" ? (
        <p role="status" className="rounded border border-green-600 bg-green-50 p-3" data-testid="import-applied">
          {t("catalogueImport.report.applied", { date: formatLongDate(view.appliedAt ?? view.createdAt, i18n.language) })}{" "}
          <Link to="/products" className="text-wine-800 underline">
            {t("catalogueImport.report.seeProducts")}
          </Link>
        </p>
      ) : null}
      {view.status === "REFUSED" ? (
        <p role="alert" className="rounded border border-red-600 bg-red-50 p-3" data-testid="import-refused">
          {t("catalogueImport.report.refused")}
        </p>
      ) : null}
      {report.fileErrors.length > 0 ? (
        <ul className="list-disc pl-6 text-red-800" data-testid="import-file-errors">
          {report.fileErrors.map((reason, i) => (
            <li key={i}>{reasonText(t, reason)}</li>
          ))}
        </ul>
      ) : null}
      {view.status === "CHECKED" ? <ConfirmImportForm view={view} lastResult={lastResult} /> : null}

      {report.shown.length > 0 ? (
        <TableScroll label={t("catalogueImport.report.linesCaption")}>
          <table className="min-w-full text-left text-sm" data-testid="import-lines">
            <caption className="sr-only">{t("catalogueImport.report.linesCaption")}</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="px-2 py-1">
                  {t("catalogueImport.columns.line")}
                </th>
                <th scope="col" className="px-2 py-1">
                  {t("catalogueImport.columns.product")}
                </th>
                <th scope="col" className="px-2 py-1">
                  {t("catalogueImport.columns.inventory")}
                </th>
                <th scope="col" className="px-2 py-1">
                  {t("catalogueImport.columns.outcome")}
                </th>
                <th scope="col" className="px-2 py-1">
                  {t("catalogueImport.columns.detail")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.shown.map((line) => (
                <tr key={line.line} className="border-b border-stone-100 align-top" data-testid="import-line">
                  <td className="px-2 py-1 tabular-nums">{line.line}</td>
                  <td className="px-2 py-1">{line.productPuid}</td>
                  <td className="px-2 py-1">{line.inventoryPuid}</td>
                  <td className="px-2 py-1">{t(`catalogueImport.outcomes.${line.outcome}`)}</td>
                  <td className="px-2 py-1">
                    <LineDetail line={line} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.notShown > 0 ? <p className="mt-2 text-sm">{t("catalogueImport.report.notShown", { count: report.notShown })}</p> : null}
        </TableScroll>
      ) : null}
      <p>
        <Link to="/agence/import" className="text-wine-800 underline">
          {t("catalogueImport.report.another")}
        </Link>
      </p>
    </div>
  );
}

function ConfirmImportForm({ view, lastResult }: { view: CatalogueImportView; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form] = useForm<ConfirmForm>({
    id: `catalogue-confirm-${view.id}-${view.report.fingerprint.slice(0, 8)}`,
    lastResult,
    constraint: CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConfirmSchema }),
  });
  return (
    <Form method="post" action={`/agence/import?id=${view.id}`} {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value={CONFIRM_INTENT} />
      <input type="hidden" name="importId" value={view.id} />
      <input type="hidden" name="fingerprint" value={view.report.fingerprint} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <p className="text-sm">{t("catalogueImport.report.confirmHelp")}</p>
      <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white">
        {t("catalogueImport.report.confirm")}
      </button>
    </Form>
  );
}

function LineDetail({ line }: { line: ReportLine }) {
  const { t, i18n } = useT();
  if (line.outcome === "refused") {
    return (
      <ul className="text-red-800">
        {(line.reasons ?? []).map((reason, i) => (
          <li key={i}>{reasonText(t, reason)}</li>
        ))}
      </ul>
    );
  }
  if (line.outcome === "created")
    return <>{t(line.newProduct ? "catalogueImport.report.newProduct" : "catalogueImport.report.newInventory")}</>;
  const value = (change: FieldChange, v: FieldChange["from"]) => {
    if (v === null) return t("catalogueImport.report.empty");
    if (typeof v === "boolean") return t(v ? "catalogueImport.report.yes" : "catalogueImport.report.no");
    if (typeof v === "number" && MONEY_FIELDS.has(change.field)) return formatMoney(v, i18n.language);
    if (change.field === "availability") return t(`availability.${v}`);
    return String(v);
  };
  return (
    <ul>
      {(line.changes ?? []).map((change) => (
        <li key={change.field}>
          {t("catalogueImport.report.change", {
            field: t(`catalogueImport.fields.${change.field}`),
            from: value(change, change.from),
            to: value(change, change.to),
          })}
        </li>
      ))}
    </ul>
  );
}

/** A refusal in words: its key under `catalogueImport.reasons`, a product field named in the visitor's language. */
function reasonText(t: (key: string, options?: Record<string, unknown>) => string, reason: Refusal): string {
  const params: Record<string, unknown> = { ...reason.params };
  if (typeof params.field === "string") params.field = t(`catalogueImport.fields.${params.field}`);
  return t(`catalogueImport.reasons.${reason.key}`, params);
}
