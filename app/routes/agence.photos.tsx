/**
 * /agence/photos (decision 035): the bulk photo upload, staff only (404 for anyone else),
 * rate-limited per staff user like every staff change.
 *
 * - GET: the upload form and the ZIP's naming rule; with `?id=…`, the report of a confirmed upload.
 * - POST `intent=check` (multipart, one ZIP; the server's body limit is raised for this path in
 *   server/guards.ts): the dry run, answered on the spot (200) with the signed plan in the
 *   confirmation form; a refused ZIP answers 400 with its reason, nothing stored.
 * - POST `intent=confirm` (the signed plan): applied in one transaction, then 303 to its report;
 *   a plan that is forged, another user's, over 12 hours old or whose images are gone answers 400.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { useT } from "~/i18n/translation";
import { warmImageVariantsLater } from "~/images/image-variants.server";
import { checkPhotoZip, confirmPhotoImport, readPhotoImportReport } from "~/photo-import/photo-import.server";
import { CONFIRM_INTENT, PhotoConfirmSchema, PhotoZipSchema } from "~/photo-import/photo-import-forms";
import { PhotoDryRunView, PhotoImportReportView, PhotoZipUpload } from "~/photo-import/ui/photo-import-views";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.photos";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const title = shop.t("photoImport.title");
  const id = new URL(request.url).searchParams.get("id");
  if (id === null) return { title, report: null };
  const report = await readPhotoImportReport(shop.db, id);
  if (!report) throw data(null, { status: 404 });
  return { title, report };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const formData = await readFormData(request);

  if (formData.get("intent") === CONFIRM_INTENT) {
    const submission = parseWithZod(formData, { schema: PhotoConfirmSchema });
    if (submission.status === "success") {
      const outcome = await confirmPhotoImport(shop.db, staff, submission.value.plan);
      // The new photos' variants are made now, one after the other, rather than by their first visitors.
      if (outcome.kind === "applied") warmImageVariantsLater(shop.db, outcome.hashes);
      if (outcome.kind !== "invalid") throw redirect(`/agence/photos?id=${outcome.id}`, { status: 303 });
    }
    // Forged, expired or its images gone: start again from the upload.
    return data(
      { upload: submission.reply({ formErrors: ["photoImport.errors.planInvalid"] }), dryRun: null, confirm: undefined },
      { status: 400 },
    );
  }

  const submission = parseWithZod(formData, { schema: PhotoZipSchema });
  if (submission.status !== "success") {
    return data({ upload: submission.reply({ hideFields: ["file"] }), dryRun: null, confirm: undefined }, { status: 400 });
  }
  const { file } = submission.value;
  const checked = await checkPhotoZip(shop.db, staff, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  if (!checked.ok) {
    return data(
      {
        upload: submission.reply({ fieldErrors: { file: [`photoImport.refused.${checked.refusal}`] }, hideFields: ["file"] }),
        dryRun: null,
        confirm: undefined,
      },
      { status: 400 },
    );
  }
  return { upload: undefined, dryRun: checked.dryRun, confirm: undefined };
}

export default function AgencyPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const dryRun = actionData?.dryRun ?? null;
  return (
    <div>
      <h1 className="font-serif text-3xl">{t("photoImport.title")}</h1>
      <p className="mt-2 max-w-3xl text-stone-700">{t("photoImport.intro")}</p>
      <div className="mt-6">
        {loaderData.report ? (
          <PhotoImportReportView report={loaderData.report} />
        ) : dryRun ? (
          <PhotoDryRunView dryRun={dryRun} lastResult={actionData?.confirm} />
        ) : (
          <PhotoZipUpload lastResult={actionData?.upload} />
        )}
      </div>
    </div>
  );
}
