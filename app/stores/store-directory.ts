/**
 * The agency's own stores (docs/product.md#boutiques store views STORE_MTL, STORE_QC, STORE_TORONTO):
 * where they are, when they open and which product list is theirs. What each sells and its
 * restaurant are wording, in `locales/` under `stores.<slug>`. Pure; shared with the browser.
 */
import { provinceFromPathSegment } from "~/preferences/preferences";
import type { InventoryCode, Province } from "~/vocabulary";

/** Opening hours of one weekday, 24-hour "HH:MM"; null when closed. */
export type DayHours = { opens: string; closes: string } | null;

export interface Store {
  /** The page's path segment: `/boutiques/<slug>`. */
  slug: "montreal" | "quebec" | "toronto";
  /** The store view of the product list (`/products?inventory=<code>`). */
  inventoryCode: InventoryCode;
  province: Province;
  /** Postal address lines, as printed. */
  addressLines: readonly string[];
  /** E.164. */
  phone: string;
  /** Monday first, Sunday last. */
  hours: readonly [DayHours, DayHours, DayHours, DayHours, DayHours, DayHours, DayHours];
  /** Whether a restaurant or wine bar is part of the store (its wording: `stores.<slug>.restaurant`). */
  restaurant: boolean;
}

const h = (opens: string, closes: string): DayHours => ({ opens, closes });

/** The three stores, in menu order. */
export const STORES: readonly Store[] = [
  {
    slug: "montreal",
    inventoryCode: "STORE_MTL",
    province: "QC",
    addressLines: ["1234, rue Saint-Denis", "Montréal (Québec) H2X 3K2"],
    phone: "+15145550140",
    hours: [
      null,
      h("11:00", "19:00"),
      h("11:00", "19:00"),
      h("11:00", "21:00"),
      h("11:00", "21:00"),
      h("10:00", "18:00"),
      h("11:00", "17:00"),
    ],
    restaurant: true,
  },
  {
    slug: "quebec",
    inventoryCode: "STORE_QC",
    province: "QC",
    addressLines: ["580, rue Saint-Jean", "Québec (Québec) G1R 1P6"],
    phone: "+14185550141",
    hours: [null, null, h("11:00", "18:00"), h("11:00", "20:00"), h("11:00", "20:00"), h("10:00", "17:00"), h("11:00", "17:00")],
    restaurant: false,
  },
  {
    slug: "toronto",
    inventoryCode: "STORE_TORONTO",
    province: "ON",
    addressLines: ["890 Queen Street West", "Toronto, Ontario M6J 1G3"],
    phone: "+14165550142",
    hours: [
      null,
      h("12:00", "20:00"),
      h("12:00", "20:00"),
      h("12:00", "22:00"),
      h("12:00", "22:00"),
      h("11:00", "22:00"),
      h("11:00", "18:00"),
    ],
    restaurant: true,
  },
];

/** The store of a `/boutiques/<slug>` page, or null. */
export function storeBySlug(slug: string | undefined): Store | null {
  return STORES.find((store) => store.slug === slug) ?? null;
}

/**
 * The province a page belongs to, when it is a province's own page (docs/product.md#boutiques: the country follows
 * the path): `/qc`, `/on`, and a store's page `/boutiques/<slug>` (opening a store of
 * the other province switches province). Null for every other page.
 * @param pathname the URL's path, without a `.data` suffix.
 */
export function provinceOfPage(pathname: string): Province | null {
  const path = pathname.replace(/\/+$/, "");
  const segments = path.split("/").slice(1);
  if (segments.length === 1) return provinceFromPathSegment(segments[0]);
  const store = /^\/boutiques\/([a-z]+)$/.exec(path);
  return store ? (storeBySlug(store[1])?.province ?? null) : null;
}
