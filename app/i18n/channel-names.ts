/**
 * The shopper-facing names of the inventories (docs/decisions/040), decided here once: every page,
 * PDF and e-mail a shopper reads names a channel or a boutique through these keys, never by its
 * code (the codes stay in URLs and data: docs/product.md#provinces-and-languages). Pure; shared with the browser.
 *
 * - A channel (a product sold through one inventory: cards, filters, product page, cart lines,
 *   price list) is named by {@link channelNameKey}: `inventories.<code>` in `locales/`.
 * - A boutique where a shopper picks up (checkout, confirmation, invoices, e-mails, store pages) is
 *   named by {@link boutiqueNameKey}: `boutiques.<code>`, the place's plain name ("Boutique
 *   Montréal"), which is also the name of the channel sold there by the bottle.
 */

/** The store views, which are also the boutiques where shop purchases are picked up. */
export const BOUTIQUE_CODES = ["STORE_MTL", "STORE_QC", "STORE_TORONTO"] as const;

/** The locale key of an inventory's name as a channel ("Importation privée", "SAQ", "Boutique Montréal"). */
export function channelNameKey(code: string): string {
  return `inventories.${code}`;
}

/**
 * The locale key of a pick-up boutique's name ("Boutique Montréal"), from its store view's code;
 * another code (none is a pick-up place today) falls back to its channel name.
 */
export function boutiqueNameKey(code: string): string {
  return (BOUTIQUE_CODES as readonly string[]).includes(code) ? `boutiques.${code}` : channelNameKey(code);
}
