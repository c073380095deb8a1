/**
 * A store as its page shows it, formatted on the server in the visitor's language so
 * the browser renders the same text it hydrates: weekday names and opening times from Intl, the
 * phone as Canadians write it.
 */
import { moneyLocale } from "~/i18n/format";
import { phoneForDisplay } from "~/lib/phone";
import type { Locale } from "~/vocabulary";
import type { Store } from "./store-directory";

export interface StoreView {
  slug: Store["slug"];
  inventoryCode: Store["inventoryCode"];
  province: Store["province"];
  addressLines: readonly string[];
  /** E.164, for the `tel:` link. */
  phone: string;
  /** "(514) 555-0140". */
  phoneDisplay: string;
  /** Monday first: the weekday's name and "11 h à 19 h" / "11:00 a.m. to 7:00 p.m.", or null when closed. */
  hours: { day: string; open: { opens: string; closes: string } | null }[];
  restaurant: boolean;
}

/** A Monday (2024-01-01): weekday names come from Intl, Monday first. */
const A_MONDAY = Date.UTC(2024, 0, 1, 12);

/** The store with its hours and phone written for `locale`. */
export function storeView(store: Store, locale: Locale): StoreView {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const time = new Intl.DateTimeFormat(moneyLocale(locale), { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  const at = (hhmm: string) => {
    const [hours, minutes] = hhmm.split(":").map(Number);
    return time.format(Date.UTC(2024, 0, 1, hours, minutes));
  };
  return {
    slug: store.slug,
    inventoryCode: store.inventoryCode,
    province: store.province,
    addressLines: store.addressLines,
    phone: store.phone,
    phoneDisplay: phoneForDisplay(store.phone),
    hours: store.hours.map((day, i) => ({
      day: weekday.format(A_MONDAY + i * 86_400_000),
      open: day ? { opens: at(day.opens), closes: at(day.closes) } : null,
    })),
    restaurant: store.restaurant,
  };
}
