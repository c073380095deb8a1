/**
 * One article (issue 9 §1): type, title, date, themes, cover, the body (HTML rendered and
 * sanitized on the server) and links to its products and producers.
 */
import { Link } from "react-router";
import { useT } from "~/i18n/translation";
import type { BlogDetail } from "../blogs.server";
import { blogCoverSrc } from "../cover-image";
import { BlogDate } from "./blog-date";

/** Styles for rendered Markdown (no typography plugin), as on the content pages. */
const PROSE =
  "max-w-3xl leading-relaxed [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 " +
  "[&_h2]:mt-8 [&_h2]:font-serif [&_h2]:text-2xl [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold " +
  "[&_a]:text-wine-800 [&_a]:underline [&_strong]:font-semibold";

export function BlogArticle({ blog }: { blog: BlogDetail }) {
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
              <Link to={`/blogs?a=${theme.code}`} className="inline-block rounded-full bg-stone-100 px-3 py-1 text-stone-800 hover:bg-wine-50">
                {theme.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <img
        src={blogCoverSrc({ color: blog.coverColor, motif: blog.coverMotif })}
        alt=""
        width={640}
        height={360}
        className="mt-6 aspect-video w-full rounded"
      />
      <p className="mt-6 text-lg text-stone-700">{blog.summary}</p>
      <div className={PROSE} data-testid="blog-body" dangerouslySetInnerHTML={{ __html: blog.bodyHtml }} />
      <RelatedLinks id="blog-products" title={t("blogs.relatedProducts")} items={blog.products.map((p) => ({ ...p, href: `/products/${p.slug}` }))} />
      <RelatedLinks id="blog-providers" title={t("blogs.relatedProviders")} items={blog.providers.map((p) => ({ ...p, href: `/providers/${p.slug}` }))} />
    </article>
  );
}

/** A titled list of links (the products or producers an article talks about); nothing when empty. */
function RelatedLinks({ id, title, items }: { id: string; title: string; items: { slug: string; name: string; href: string }[] }) {
  if (items.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby={id}>
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
    </section>
  );
}
