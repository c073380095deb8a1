/** An article in the blog list: cover, type, title (a link), date, summary and themes. */
import { Link } from "react-router";
import type { BlogSummary } from "~/blogs/blogs.server";
import { useT } from "~/i18n/translation";
import { BlogCover } from "./blog-cover";
import { BlogDate } from "./blog-date";

/**
 * @param first the list's first card: its cover is the largest thing on a phone's first screen, so
 *   it loads at once and first (`fetchpriority="high"`), the others when scrolled near (decision 023)
 */
export function BlogCard({ blog, first = false }: { blog: BlogSummary; first?: boolean }) {
  const { t } = useT();
  return (
    <article className="flex flex-col overflow-hidden rounded border border-stone-200 bg-white" data-testid="blog-card">
      <BlogCover
        cover={blog}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        width={320}
        height={180}
        priority={first}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs uppercase tracking-wide text-stone-600">{t(`blogs.types.${blog.type}`)}</p>
        <h2 className="mt-1 font-serif text-xl">
          <Link to={`/blogs/${blog.slug}`} className="hover:underline">
            {blog.title}
          </Link>
        </h2>
        <BlogDate iso={blog.publishedAt} className="mt-1 text-sm text-stone-600" />
        <p className="mt-2 flex-1">{blog.summary}</p>
        {blog.themes.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-2 text-xs" aria-label={t("blogs.themes")}>
            {blog.themes.map((theme) => (
              <li key={theme.code} className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">
                {theme.name}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
