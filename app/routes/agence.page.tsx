/**
 * /agence/pages/:slug (docs/decisions/046-content-page-revisions.md): one help or content page's
 * editor — French and English Markdown side by side, a preview rendered by the server, and the
 * history of revisions with "Restaurer cette version". Staff only (404 otherwise, loader and
 * action; an unknown slug is a 404 too); rate-limited; never cached.
 *
 * POST forms, each with its `intent`:
 * - `preview`: both languages rendered as the public page renders them (200, values kept); a text
 *   that does not parse → 400 with the reason under its field.
 * - `save`: a new revision from both languages and the revision the form was loaded with → 303
 *   here (`?done=saved`, or `unchanged` when nothing differs); a text that does not parse → 400,
 *   nothing written; someone saved first → 409 with the current text shown above the staff's own,
 *   which stays in the form, nothing written.
 * - `restore`: a new revision copying an older one → 303 (`?done=restored`); the page changed
 *   since it was loaded → 409 with the current text; no such revision → 404.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import {
  checkPageSources,
  readEditablePage,
  restoreContentPage,
  type RevisionOutcome,
  saveContentPage,
} from "~/content/content-pages.server";
import { PAGE_INTENTS, PageEditSchema, pageSlugOf, RestoreRevisionSchema, staffPagePath } from "~/content/page-editing-forms";
import { parseContentPage } from "~/content/page-parser.server";
import { ContentPageEditor, type PageActionData } from "~/content/ui/page-editing";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.page";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

const DONE = ["saved", "restored", "unchanged"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const slug = pageSlugOf(params.slug);
  if (!slug) throw data(null, { status: 404 });
  const page = await readEditablePage(shop.db, slug);
  const done = new URL(request.url).searchParams.get("done");
  const title = shop.t("pageEditing.editTitle", { name: page.title });
  return { title, done: DONE.find((d) => d === done) ?? null, page: { ...page, title } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const slug = pageSlugOf(params.slug);
  if (!slug) throw data(null, { status: 404 });
  const here = staffPagePath(slug);
  const formData = await readFormData(request);

  if (formData.get("intent") === PAGE_INTENTS.restore) {
    const submission = parseWithZod(formData, { schema: RestoreRevisionSchema });
    if (submission.status !== "success") {
      return data<PageActionData>(
        { form: "restore", result: submission.reply({ formErrors: ["pageEditing.errors.stale"] }) },
        { status: 400 },
      );
    }
    const { baseRevision, revision } = submission.value;
    const outcome = await restoreContentPage(shop.db, staff, slug, baseRevision, revision);
    if (outcome.kind === "notFound") throw data(null, { status: 404 });
    if (outcome.kind === "invalid") {
      return data<PageActionData>(
        { form: "restore", result: submission.reply({ formErrors: ["pageEditing.errors.restoreInvalid"] }) },
        { status: 400 },
      );
    }
    return answer(outcome, "restore", submission.reply({ formErrors: ["pageEditing.errors.stalePage"] }), `${here}?done=restored`);
  }

  const submission = parseWithZod(formData, { schema: PageEditSchema });
  if (submission.status !== "success") return data<PageActionData>({ form: "edit", result: submission.reply() }, { status: 400 });
  const { intent, baseRevision, sourceFr, sourceEn } = submission.value;
  if (intent === PAGE_INTENTS.preview) {
    const errors = checkPageSources({ sourceFr, sourceEn }, slug);
    if (Object.keys(errors).length > 0) return refused(submission.reply({ fieldErrors: fieldErrorsOf(errors) }));
    return data<PageActionData>({
      form: "edit",
      result: submission.reply(),
      preview: { fr: parseContentPage(sourceFr, "fr"), en: parseContentPage(sourceEn, "en") },
    });
  }
  const outcome = await saveContentPage(shop.db, staff, slug, baseRevision, { sourceFr, sourceEn });
  if (outcome.kind === "invalid") return refused(submission.reply({ fieldErrors: fieldErrorsOf(outcome.errors) }));
  return answer(outcome, "edit", submission.reply({ formErrors: ["pageEditing.errors.stalePage"] }), `${here}?done=saved`);
}

/** A form refused for a text that does not parse: 400, values kept. */
function refused(result: PageActionData["result"]) {
  return data<PageActionData>({ form: "edit", result }, { status: 400 });
}

function fieldErrorsOf(errors: Partial<Record<"sourceFr" | "sourceEn", string>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, [key]]));
}

/** A saved or unchanged page → 303 here; a stale one → 409 with the current text. */
function answer(outcome: RevisionOutcome, form: PageActionData["form"], staleResult: PageActionData["result"], savedPath: string) {
  if (outcome.kind === "saved") throw redirect(savedPath, { status: 303 });
  if (outcome.kind === "unchanged") throw redirect(savedPath.replace(/done=\w+$/, "done=unchanged"), { status: 303 });
  if (outcome.kind === "stale") {
    const { revision, sourceFr, sourceEn, actorEmail, createdAt } = outcome.current;
    return data<PageActionData>(
      { form, result: staleResult, conflict: { revision, sourceFr, sourceEn, actorEmail, createdAt } },
      { status: 409 },
    );
  }
  throw data(null, { status: 404 });
}

export default function AgencyPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ContentPageEditor page={loaderData.page} done={loaderData.done} reply={actionData} />;
}
