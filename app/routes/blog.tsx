/**
 * /blogs/{id} (SPEC §2, §7 `GET /blogs/{id}` and `/blogs/{slug}`): one article by id or slug;
 * an unknown one answers 404.
 */
import { data } from "react-router";
import { getBlog } from "~/blogs/blogs.server";
import { BlogArticle } from "~/blogs/ui/blog-article";
import { shopContext } from "~/context";
import { articleMeta } from "~/seo/catalogue-meta";
import { siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/blog";

/** Title, summary, canonical `/blogs/{slug}`, alternates, OpenGraph and JSON-LD `Article`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return data ? articleMeta(siteOf(matches), data) : [];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, locale } = context.get(shopContext);
  const blog = await getBlog(db, params.id, locale);
  if (!blog) throw data(null, { status: 404 });
  return { blog };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return <BlogArticle blog={loaderData.blog} />;
}
