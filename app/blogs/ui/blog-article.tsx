/**
 * One article: type, title, date, themes, cover, the body (HTML rendered and
 * sanitized on the server) and links to its products and producers.
 */
import { Link } from "react-router";
import { blogListHref } from "~/blogs/blog-filters";
import type { BlogDetail } from "~/blogs/blogs.server";
import { PROSE } from "~/components/ui/prose";
import { useT } from "~/i18n/translation";
import { BlogCover } from "./blog-cover";
import { BlogDate } from "./blog-date";

/**
 * @param previewId set by the content desk's preview, which shows an article twice on one page: the
 *   ids of its parts take it as a prefix and its related lists are not landmarks (each would repeat
 *   the other language's name).
 */
export function BlogArticle({ blog, previewId }: { blog: BlogDetail; previewId?: string }) {
  const { t } = useT();
  return (
    <article className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link to="/blogs" className="text-wine-800 underline">
          {t("blogs.back")}
        </Link>
      </p>
      <p className="mt-4 text-xs uppercase tracking-wide text-stone-600">{t(`blogs.types.${blog.type}`)}</p>
      <h1 className="font-serif text-3xl">{blog.title}</h1>
      <p className="mt-1 text-stone-600">
        <BlogDate iso={blog.publishedAt} />
      </p>
      {blog.themes.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label={t("blogs.themes")}>
          {blog.themes.map((theme) => (
            <li key={theme.code}>
              <Link
                to={blogListHref({ page: 1, type: null, themes: [theme.code], sort: "DESC" })}
                className="inline-block rounded-full bg-stone-100 px-3 py-1 text-stone-800 hover:bg-wine-50"
              >
                {theme.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-6">
        <BlogCover
          cover={blog}
          sizes="(min-width: 768px) 768px, 100vw"
          width={640}
          height={360}
          className="aspect-video w-full rounded object-cover"
        />
      </div>
      <p className="mt-6 text-lg text-stone-700">{blog.summary}</p>
      <div className={PROSE} data-testid="blog-body" dangerouslySetInnerHTML={{ __html: blog.bodyHtml }} />
      <RelatedLinks
        id={`${previewId ?? ""}blog-products`}
        landmark={previewId === undefined}
        title={t("blogs.relatedProducts")}
        items={blog.products.map((p) => ({ ...p, href: `/products/${p.slug}` }))}
      />
      <RelatedLinks
        id={`${previewId ?? ""}blog-providers`}
        landmark={previewId === undefined}
        title={t("blogs.relatedProviders")}
        items={blog.providers.map((p) => ({ ...p, href: `/providers/${p.slug}` }))}
      />
    </article>
  );
}

/** A titled list of links (the products or producers an article talks about); nothing when empty. */
function RelatedLinks({
  id,
  title,
  items,
  landmark,
}: {
  id: string;
  title: string;
  items: { slug: string; name: string; href: string }[];
  landmark: boolean;
}) {
  if (items.length === 0) return null;
  const Part = landmark ? "section" : "div";
  return (
    <Part className="mt-8" aria-labelledby={landmark ? id : undefined}>
      <h2 id={id} className="font-serif text-2xl">
        {title}
      </h2>
      <ul className="mt-2 list-disc pl-6">
        {items.map((item) => (
          <li key={item.slug}>
            <Link to={item.href} className="text-wine-800 underline">
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </Part>
  );
}
