/**
 * Navigation menus of docs/product.md#layout Layout: Producers, Products, Shop (Montreal, Toronto), Clients, Blog.
 * Labels are i18n keys. A menu with more than 4 sub-menu groups is a developer error (docs/product.md#layout).
 */
import { productTypeLabelKey } from "~/catalogue/product-types";
import { channelNameKey } from "~/i18n/channel-names";
import type { Province } from "~/vocabulary";

export interface MenuLink {
  labelKey: string;
  to: string;
}
export interface MenuGroup {
  titleKey: string;
  links: MenuLink[];
}
export interface Menu {
  labelKey: string;
  to: string;
  groups: MenuGroup[];
}

export const MAX_MENU_GROUPS = 4;

export class MenuDefinitionError extends Error {
  override name = "MenuDefinitionError";
}

/**
 * Checks menus and returns them unchanged.
 * @throws MenuDefinitionError when a menu has more than {@link MAX_MENU_GROUPS} sub-menu groups.
 */
export function defineMenus(menus: Menu[]): Menu[] {
  for (const menu of menus) {
    if (menu.groups.length > MAX_MENU_GROUPS) {
      throw new MenuDefinitionError(
        `Menu "${menu.labelKey}" has ${menu.groups.length} sub-menu groups; at most ${MAX_MENU_GROUPS} are allowed.`,
      );
    }
  }
  return menus;
}

const products = (query: string) => `/products?${query}`;
/** A product type's entry: the same label as on the home page and in the filters. */
const typeLink = (code: string): MenuLink => ({ labelKey: productTypeLabelKey(code), to: products(`type=${code}`) });

function buildMenus(province: Province): Menu[] {
  const privateImport = province === "ON" ? "PI" : "IP";
  const liquorBoard = province === "ON" ? "LCBO" : "SAQ";
  return defineMenus([
    {
      labelKey: "nav.producers",
      to: "/providers",
      groups: [
        {
          titleKey: "nav.groups.origins",
          links: [
            { labelKey: "nav.links.france", to: "/providers?c=FR" },
            { labelKey: "nav.links.italy", to: "/providers?c=IT" },
            { labelKey: "nav.links.spain", to: "/providers?c=ES" },
            { labelKey: "nav.links.canada", to: "/providers?c=CA" },
          ],
        },
        {
          titleKey: "nav.groups.directory",
          links: [{ labelKey: "nav.links.allProducers", to: "/providers" }],
        },
      ],
    },
    {
      labelKey: "nav.products",
      to: "/products",
      groups: [
        {
          titleKey: "nav.groups.wines",
          links: ["VIN", "WINES", "APERITIF"].map(typeLink),
        },
        {
          titleKey: "nav.groups.otherDrinks",
          links: ["SPIRITUEUX", "BIERE", "CIDRE", "BOISSON"].map(typeLink),
        },
        {
          titleKey: "nav.groups.pantry",
          links: ["FOODS", "GOODS"].map(typeLink),
        },
        {
          titleKey: "nav.groups.channels",
          links: [
            { labelKey: channelNameKey(privateImport), to: products(`inventory=${privateImport}`) },
            { labelKey: channelNameKey(liquorBoard), to: products(`inventory=${liquorBoard}`) },
          ],
        },
      ],
    },
    {
      labelKey: "nav.shop",
      to: province === "ON" ? products("inventory=STORE_TORONTO") : products("inventory=STORE_MTL"),
      groups: [
        {
          titleKey: "nav.groups.stores",
          links: [
            { labelKey: "nav.links.montreal", to: "/boutiques/montreal" },
            { labelKey: "nav.links.quebecCity", to: "/boutiques/quebec" },
            { labelKey: "nav.links.toronto", to: "/boutiques/toronto" },
          ],
        },
      ],
    },
    {
      labelKey: "nav.clients",
      to: "/membres",
      groups: [
        {
          titleKey: "nav.groups.membership",
          links: [
            { labelKey: "nav.links.members", to: "/membres" },
            { labelKey: "nav.links.discovery", to: "/discovery" },
            { labelKey: "nav.links.subscriptions", to: "/subscriptions" },
          ],
        },
        {
          titleKey: "nav.groups.help",
          links: [
            { labelKey: "nav.links.faq", to: "/faq" },
            { labelKey: "nav.links.ordersDeliveries", to: "/orders-deliveries" },
            { labelKey: "nav.links.pricingPolicy", to: "/pricing-policy" },
          ],
        },
      ],
    },
    { labelKey: "nav.blog", to: "/blogs", groups: [] },
  ]);
}

/** The menus of each province, built and checked once when the server starts. */
export const MENUS: Record<Province, Menu[]> = { QC: buildMenus("QC"), ON: buildMenus("ON") };
