/** "Related articles" on a product or producer page (docs/product.md#blogs blogs by product / provider): title links and dates. */
import { Link } from "react-router";
import type { BlogLink } from "~/blogs/blogs.server";
import { useT } from "~/i18n/translation";
import { BlogDate } from "./blog-date";

export function RelatedBlogs({ blogs }: { blogs: BlogLink[] }) {
  const { t } = useT();
  if (blogs.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="related-blogs" data-testid="related-blogs">
      <h2 id="related-blogs" className="font-serif text-2xl">
        {t("blogs.relatedArticles")}
      </h2>
      <ul className="mt-2 space-y-1">
        {blogs.map((blog) => (
          <li key={blog.slug}>
            <Link to={`/blogs/${blog.slug}`} className="text-wine-800 underline">
              {blog.title}
            </Link>{" "}
            <BlogDate iso={blog.publishedAt} className="text-sm text-stone-600" />
          </li>
        ))}
      </ul>
    </section>
  );
}
