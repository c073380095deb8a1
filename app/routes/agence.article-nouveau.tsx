/**
 * /agence/articles/nouveau (docs/decisions/045-content-desk-articles.md): a new article for the
 * content desk, in French and English side by side. `preview` renders it as the public page would
 * (200, nothing saved); `save` creates it as a draft → 303 to its page; invalid → 400 with the
 * field errors and values kept. Staff only (404 otherwise); rate-limited; never cached.
 */
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { answerBlogEditorPost, loadBlogEditor } from "~/blogs/blog-desk-pages.server";
import { BlogEditorPage } from "~/blogs/ui/blog-editor";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.article-nouveau";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  return (await loadBlogEditor(shop, null, new URL(request.url)))!;
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  return answerBlogEditorPost(shop, staff, null, await readFormData(request));
}

export default function AgencyNewArticle({ loaderData, actionData }: Route.ComponentProps) {
  return <BlogEditorPage blog={loaderData.blog} done={loaderData.done} reply={actionData} />;
}
