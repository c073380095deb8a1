/**
 * A carousel's cards as the home page shows them (docs/decisions/047-carousels.md): in the staff's
 * order, a product as the product list's card (one per product, each channel with its buy area), a
 * producer and an article as a card linking to their page. A grid, like the rest of the shop's
 * lists: no sliding, no script.
 */
import { Link } from "react-router";
import { BlogCover } from "~/blogs/ui/blog-cover";
import type { CarouselBlogCard, CarouselCard, CarouselProviderCard } from "~/carousels/carousels.server";
import { BuyArea } from "~/cart/ui/add-to-cart-form";
import { ProductCard } from "~/catalogue/ui/product-card";
import { formatLongDate } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { Province, TaxMode } from "~/vocabulary";

/**
 * @param className the grid's extra classes (a column count)
 */
export function CarouselCards({
  cards,
  taxMode,
  visitorProvince,
  className = "",
}: {
  cards: readonly CarouselCard[];
  taxMode: TaxMode;
  visitorProvince: Province;
  className?: string;
}) {
  return (
    <div className={`grid grid-cols-cards gap-4 ${className}`}>
      {cards.map((card) =>
        card.kind === "product" ? (
          <ProductCard
            key={card.itemId}
            item={card.product}
            taxMode={taxMode}
            buy={(channel) => <BuyArea channel={channel} uvc={card.product.uvc} visitorProvince={visitorProvince} compact />}
          />
        ) : card.kind === "provider" ? (
          <ProviderCard key={card.itemId} card={card} />
        ) : (
          <BlogCard key={card.itemId} card={card} />
        ),
      )}
    </div>
  );
}

function ProviderCard({ card }: { card: CarouselProviderCard }) {
  const { t } = useT();
  return (
    <article className="flex flex-col rounded border border-stone-200 bg-white p-4" data-testid="carousel-provider">
      <p className="text-xs uppercase tracking-wide text-stone-600">{t("carousels.kinds.provider")}</p>
      <h3 className="mt-1 font-serif text-xl">
        <Link to={`/providers/${card.slug}`} className="hover:underline">
          {card.name}
        </Link>
      </h3>
      {card.description ? <p className="mt-2 line-clamp-4 text-sm text-stone-700">{card.description}</p> : null}
    </article>
  );
}

function BlogCard({ card }: { card: CarouselBlogCard }) {
  const { t, i18n } = useT();
  return (
    <article className="flex flex-col overflow-hidden rounded border border-stone-200 bg-white" data-testid="carousel-blog">
      <BlogCover
        cover={card}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
        width={320}
        height={180}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs uppercase tracking-wide text-stone-600">{t(`blogs.types.${card.type}`)}</p>
        <h3 className="mt-1 font-serif text-xl">
          <Link to={`/blogs/${card.slug}`} className="hover:underline">
            {card.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-stone-600">{formatLongDate(card.publishedAt, i18n.language)}</p>
        <p className="mt-2 flex-1 text-sm">{card.summary}</p>
      </div>
    </article>
  );
}
