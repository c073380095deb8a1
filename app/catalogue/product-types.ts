/**
 * The names of the product types (docs/product.md#catalogue-fields "product types seen in menus": VIN, SPIRITUEUX, BOISSON,
 * BIERE, CIDRE, APERITIF, WINES, FOODS, GOODS): a type reads the same in the menus,
 * on the home page, in the product filters, on the product cards and on the product page, because
 * all of them name it through {@link productTypeLabelKey}, the i18n key `types.<CODE>` of
 * locales/. (The `product_types` rows also carry French and English names, for catalogue
 * imports; the shop does not show them.)
 */

/**
 * The i18n key of a product type's label, e.g. `"VIN"` → `"types.VIN"` ("Vin" / "Wine").
 * @param code a product type code (`product_types.code`); an unknown code gives a key i18next
 *   cannot find, so the key itself shows: a visible developer error, never an exception.
 */
export function productTypeLabelKey(code: string): string {
  return `types.${code}`;
}
