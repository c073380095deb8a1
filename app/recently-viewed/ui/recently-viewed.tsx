import { Link } from "react-router";
import { productTypeLabelKey } from "~/catalogue/product-types";
import { useT } from "~/i18n/translation";
import type { RecentProduct } from "~/recently-viewed/recently-viewed.server";

/**
 * "Vus récemment" (docs/decisions/041-favourites-and-recently-viewed.md): the visitor's recently
 * viewed products, latest first, each a link to its page with its type and producer. Nothing when
 * there are none.
 */
export function RecentlyViewed({ products }: { products: readonly RecentProduct[] }) {
  const { t } = useT();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-title" className="md:col-span-2" data-testid="recently-viewed">
      <h2 id="recently-viewed-title" className="font-serif text-2xl">
        {t("recentlyViewed.title")}
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.productId} className="rounded border border-stone-200 bg-white p-3">
            <p className="text-xs tracking-wide text-stone-600 uppercase">{t(productTypeLabelKey(product.typeCode))}</p>
            <Link to={`/products/${product.slug}`} className="font-serif text-wine-800 underline">
              {product.name}
            </Link>
            <p className="text-sm text-stone-700">{product.providerName}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
