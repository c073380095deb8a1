/**
 * One page of the global search's results: each a link to its page
 * (/products/{slug}, /providers/{slug}, /blogs/{slug}) with a short line — producer, origin and
 * type for a product; origins for a producer; type, date and summary for an article.
 */
import { Link } from "react-router";
import { BlogDate } from "~/blogs/ui/blog-date";
import { productTypeLabelKey } from "~/catalogue/product-types";
import { PICTURE_SIZES, ProductImage } from "~/catalogue/ui/catalogue-image";
import { useT } from "~/i18n/translation";
import type { BlogHit, ProductHit, ProviderHit, SearchResults } from "~/search/search-tabs";

/** Non-empty parts joined by a middle dot: "Domaine X · France, Loire · Vin". */
function joined(parts: (string | null | undefined)[]): string {
  return parts.filter(Boolean).join(" · ");
}

function place(countryName: string | null, regionName: string | null): string | null {
  return [countryName, regionName].filter(Boolean).join(", ") || null;
}

function ProductRow({ item }: { item: ProductHit }) {
  const { t } = useT();
  return (
    <div className="flex items-center gap-3">
      <ProductImage
        photo={item.photo}
        product={{ colorCode: null, typeCode: item.typeCode }}
        sizes={PICTURE_SIZES.row}
        className="h-16 w-12 shrink-0"
      />
      <div>
        <h2 className="font-serif text-lg">
          <Link to={`/products/${item.slug}`} className="text-wine-800 hover:underline">
            {item.vintage ? `${item.name} ${item.vintage}` : item.name}
          </Link>
        </h2>
        <p className="text-sm text-stone-700">
          {joined([item.providerName, place(item.countryName, item.regionName), t(productTypeLabelKey(item.typeCode))])}
        </p>
      </div>
    </div>
  );
}

function ProviderRow({ item }: { item: ProviderHit }) {
  return (
    <>
      <h2 className="font-serif text-lg">
        <Link to={`/providers/${item.slug}`} className="text-wine-800 hover:underline">
          {item.name}
        </Link>
      </h2>
      {item.origins.length > 0 ? (
        <p className="text-sm text-stone-700">{item.origins.map((o) => place(o.countryName, o.regionName)).join(" · ")}</p>
      ) : null}
    </>
  );
}

function BlogRow({ item }: { item: BlogHit }) {
  const { t } = useT();
  return (
    <>
      <h2 className="font-serif text-lg">
        <Link to={`/blogs/${item.slug}`} className="text-wine-800 hover:underline">
          {item.title}
        </Link>
      </h2>
      <p className="text-sm text-stone-700">
        {t(`blogs.types.${item.type}`)} · <BlogDate iso={item.publishedAt} />
      </p>
      <p className="mt-1 text-sm">{item.summary}</p>
    </>
  );
}

/** The results as an ordered list (rank order), or nothing when the page is empty. */
export function SearchResultList({ results, start }: { results: SearchResults; start: number }) {
  if (results.items.length === 0) return null;
  const rows =
    results.tab === "PRODUCTS"
      ? results.items.map((item) => ({ key: item.slug, node: <ProductRow item={item} /> }))
      : results.tab === "PROVIDERS"
        ? results.items.map((item) => ({ key: item.slug, node: <ProviderRow item={item} /> }))
        : results.items.map((item) => ({ key: item.slug, node: <BlogRow item={item} /> }));
  return (
    <ol start={start} className="divide-y divide-stone-200" data-testid="search-results">
      {rows.map((row) => (
        <li key={row.key} className="py-3" data-testid="search-result">
          {row.node}
        </li>
      ))}
    </ol>
  );
}
