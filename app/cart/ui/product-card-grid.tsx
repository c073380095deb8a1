import { ProductCard, type ProductCardItem } from "~/catalogue/ui/product-card";
import type { Province, TaxMode } from "~/vocabulary";
import { BuyArea } from "./add-to-cart-form";

/**
 * A grid of product cards, one per product, each channel with its buy area (the cart's add form,
 * compact) — as home, `/products`, producer pages and "Du même producteur" show them
 * (docs/decisions/040). It lives with the cart because the catalogue's card never imports the cart.
 * @param priorityFirst the first card's photo is in the first screen: fetched at once, not lazily
 * @param className the grid's extra classes (a margin, a column count)
 */
export function ProductCardGrid({
  items,
  taxMode,
  visitorProvince,
  priorityFirst = false,
  className = "",
}: {
  items: readonly ProductCardItem[];
  taxMode: TaxMode;
  visitorProvince: Province;
  priorityFirst?: boolean;
  className?: string;
}) {
  return (
    <div className={`grid grid-cols-cards gap-4 ${className}`}>
      {items.map((item, index) => (
        <ProductCard
          key={item.productId}
          item={item}
          taxMode={taxMode}
          priority={priorityFirst && index === 0}
          buy={(channel) => <BuyArea channel={channel} uvc={item.uvc} visitorProvince={visitorProvince} compact />}
        />
      ))}
    </div>
  );
}
