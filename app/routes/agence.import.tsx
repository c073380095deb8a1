/**
 * /agence/import (decision 020): the catalogue import by CSV, staff only (404 for
 * anyone else), rate-limited per staff user (`staff` limit).
 *
 * - GET: the upload form and the latest imports; with `?id=N`, import N's report (reload and back
 *   show it again).
 * - POST `intent=upload` (multipart, one file up to 30 MB; the server's body limit is raised for
 *   this path only, in server/guards.ts): the dry run, stored with the file, then 303 to `?id=N`.
 *   A refused form (no file, too large) answers 400 with its error.
 * - POST `intent=confirm` (the import's id and the fingerprint of the report shown): applies it in
 *   one transaction, then 303 to `?id=N` (its result). A refused import, or a catalogue that
 *   changed since the dry run, answers 409 with the current report.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import {
  checkCatalogueFile,
  confirmCatalogueImport,
  readCatalogueImport,
  recentCatalogueImports,
} from "~/catalogue-import/catalogue-import.server";
import { CONFIRM_INTENT, ConfirmSchema, UploadSchema } from "~/catalogue-import/import-forms";
import { ImportReportView } from "~/catalogue-import/ui/import-report-view";
import { UploadFormView } from "~/catalogue-import/ui/upload-form";
import { shopContext } from "~/context";
import { isRowId } from "~/db/row-id";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { useT } from "~/i18n/translation";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.import";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

const reportPath = (id: number) => `/agence/import?id=${id}`;

/** `?id=` as a row id ({@link isRowId}), or null. */
function importId(url: string): number | null {
  const id = new URL(url).searchParams.get("id");
  return id !== null && /^[1-9]\d{0,9}$/.test(id) && isRowId(Number(id)) ? Number(id) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const title = shop.t("catalogueImport.title");
  const hasId = new URL(request.url).searchParams.has("id");
  const id = importId(request.url);
  if (hasId) {
    const view = id === null ? null : await readCatalogueImport(shop.db, id);
    if (!view) throw data(null, { status: 404 });
    return { title, view, recent: [] };
  }
  return { title, view: null, recent: await recentCatalogueImports(shop.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const formData = await readFormData(request);

  if (formData.get("intent") === CONFIRM_INTENT) {
    const submission = parseWithZod(formData, { schema: ConfirmSchema });
    if (submission.status !== "success")
      return data({ confirm: submission.reply(), upload: undefined, view: null, conflict: false }, { status: 400 });
    const { importId: id, fingerprint } = submission.value;
    const outcome = await confirmCatalogueImport(shop.db, staff, id, fingerprint);
    if (outcome.kind === "notFound") throw data(null, { status: 404 });
    if (outcome.kind === "applied" || outcome.kind === "alreadyApplied") throw redirect(reportPath(id), { status: 303 });
    // Refused, or the catalogue moved since the dry run: the current report, and nothing applied.
    return data({ confirm: undefined, upload: undefined, view: outcome.import, conflict: outcome.kind === "stale" }, { status: 409 });
  }

  const submission = parseWithZod(formData, { schema: UploadSchema });
  if (submission.status !== "success") {
    return data({ upload: submission.reply({ hideFields: ["file"] }), confirm: undefined, view: null, conflict: false }, { status: 400 });
  }
  const { file } = submission.value;
  const view = await checkCatalogueFile(shop.db, staff, { name: file.name || "import.csv", text: await file.text() });
  throw redirect(reportPath(view.id), { status: 303 });
}

export default function CatalogueImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const view = actionData?.view ?? loaderData.view;
  return (
    <div>
      <h1 className="font-serif text-3xl">{t("catalogueImport.title")}</h1>
      <p className="mt-2 max-w-3xl text-stone-700">{t("catalogueImport.intro")}</p>
      <div className="mt-6">
        {view ? (
          <ImportReportView view={view} conflict={actionData?.conflict ?? false} lastResult={actionData?.confirm} />
        ) : (
          <UploadFormView lastResult={actionData?.upload} recent={loaderData.recent} />
        )}
      </div>
    </div>
  );
}
