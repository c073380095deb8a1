/**
 * /agence/articles/:id (docs/decisions/045-content-desk-articles.md): one article for the content
 * desk — its editor (French and English side by side), its preview as the public page renders it,
 * and its status actions. Staff only (404 otherwise, loader and action); rate-limited; never cached.
 *
 * POST forms, each with its `intent`:
 * - `preview`: the form's values rendered as the public page does, nothing saved → 200;
 * - `save`: the values with the version the form was loaded with → 303 here (`?done=saved`);
 *   invalid (a taken slug, an unknown product…) → 400 with the field errors and values kept;
 *   someone saved first → 409 with the current values beside the staff's own, nothing written;
 * - `status` (`action` publish, schedule with `publishAt` in Montréal time, unschedule,
 *   unpublish) → 303; not allowed from the current status or stale → 409.
 */
import { data } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { blogIdOf } from "~/blogs/blog-desk-forms";
import { answerBlogEditorPost, loadBlogEditor } from "~/blogs/blog-desk-pages.server";
import { BlogEditorPage } from "~/blogs/ui/blog-editor";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.article";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const blogId = blogIdOf(params.id);
  if (blogId === null) throw data(null, { status: 404 });
  const page = await loadBlogEditor(shop, blogId, new URL(request.url));
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const blogId = blogIdOf(params.id);
  if (blogId === null) throw data(null, { status: 404 });
  return answerBlogEditorPost(shop, staff, blogId, await readFormData(request));
}

export default function AgencyArticle({ loaderData, actionData }: Route.ComponentProps) {
  return <BlogEditorPage blog={loaderData.blog} done={loaderData.done} reply={actionData} />;
}
