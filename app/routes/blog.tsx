/**
 * /blogs/{id} (docs/product.md#blogs, `GET /blogs/{id}` and `/blogs/{slug}`): one published article by id or
 * slug; a former slug of a published article answers a 301 to its current one (query kept); a
 * draft, scheduled, unpublished or unknown one answers 404 (docs/decisions/045-content-desk-articles.md).
 */
import { data, redirect } from "react-router";
import { currentBlogSlug, getBlog } from "~/blogs/blogs.server";
import { BlogArticle } from "~/blogs/ui/blog-article";
import { shopContext } from "~/context";
import { notFoundData } from "~/http/not-found";
import { articleMeta } from "~/seo/catalogue-meta";
import { siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/blog";

/** Title, summary, canonical `/blogs/{slug}`, alternates, OpenGraph and JSON-LD `Article`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return data ? articleMeta(siteOf(matches), data) : [];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, locale } = context.get(shopContext);
  const blog = await getBlog(db, params.id, locale);
  if (!blog) {
    const current = await currentBlogSlug(db, params.id);
    if (current) throw redirect(`/blogs/${current}${new URL(request.url).search}`, { status: 301 });
    throw data(notFoundData("blog"), { status: 404 });
  }
  return { blog };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return <BlogArticle blog={loaderData.blog} />;
}
