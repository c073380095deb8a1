/**
 * /shopping-cart (docs/product.md#cart): agency, shop and reserved sections, each line with update and
 * remove forms (real POSTs with an intent; fetchers with JavaScript), and the summary lines:
 * agency fees, SAQ/LCBO fees, boutique, GST, QST, HST, pay now, pay at SAQ/LCBO, total.
 */
import { Link } from "react-router";
import { getCart } from "~/cart/cart.server";
import { handleCartAction } from "~/cart/cart-actions.server";
import { ownerPriceBenefits, readCartOwner } from "~/cart/cart-owner.server";
import { bottlesOf, checkoutBlockers, lineExceedsStock, toPricingLines } from "~/cart/cart-rules";
import { CartLineRow } from "~/cart/ui/cart-line";
import { CartSummaryPanel } from "~/cart/ui/cart-summary";
import { EmptyCart } from "~/cart/ui/empty-cart";
import { displayPrice } from "~/catalogue/display-price";
import { productImageSrc } from "~/catalogue/links";
import { withMainPhotos } from "~/catalogue/photos-on-pages.server";
import { soldByTheCase } from "~/catalogue/product-inventory";
import { withOwnHeldStock } from "~/checkout/checkout.server";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { requestContext } from "~/http/request-context";
import { useT } from "~/i18n/translation";
import { RESERVATION_WINDOW_DAYS } from "~/orders/reservation-window";
import { lineDisplayTotal, summarizeCart } from "~/pricing/cart-summary";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { CART_SECTIONS, type CartSection } from "~/vocabulary";
import type { Route } from "./+types/shopping-cart";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "cart");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const owner = await readCartOwner(shop.db, request);
  const found = owner ? await getCart(shop.db, owner, shop.preferences.province, shop.locale) : null;
  const cart = found ? await withOwnHeldStock(shop.db, found) : null;
  // An empty cart renders the empty state here (not a redirect) so a refused POST keeps its message.
  if (!cart || cart.lines.length === 0) return { empty: true as const, title: shop.t("cart.emptyTitle") };
  const { province, taxMode } = shop.preferences;
  const summary = summarizeCart({ province, taxMode, ...(await ownerPriceBenefits(shop.db, owner)), lines: toPricingLines(cart.lines) });
  const lines = await withMainPhotos(shop.db, cart.lines, shop.locale);
  const views = lines.map((line, i) => {
    const price = displayPrice({ ...line, province: line.inventoryProvince, salesUnit: soldByTheCase(line) ? "CASE" : "UNIT" }, taxMode);
    return {
      ...line,
      overStock: lineExceedsStock(line),
      byCase: soldByTheCase(line),
      bottles: bottlesOf(line),
      unitCents: price.unitCents,
      caseCents: price.caseCents,
      totalCents: lineDisplayTotal(summary.lines[i]!, { province, taxMode, zeroRated: line.zeroRated }),
      imageSrc: productImageSrc({ colorCode: null, typeCode: line.typeCode }),
    };
  });
  return {
    empty: false as const,
    title: shop.t("cart.title"),
    lockVersion: cart.lockVersion,
    sections: CART_SECTIONS.map((section) => ({ section, lines: views.filter((l) => l.section === section) })),
    summary,
    blockers: checkoutBlockers(cart.lines),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleCartAction(request, context.get(shopContext), context.get(requestContext));
}

export default function ShoppingCartPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useT();
  // A refusal of this page's forms (an add's success answers a fetcher elsewhere, decision 039).
  const actionData = answer && "error" in answer ? answer : undefined;
  if (loaderData.empty) {
    return (
      <>
        {actionData ? (
          <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800" data-testid="cart-error">
            {t(`cart.errors.${actionData.error}`)}
          </p>
        ) : null}
        <EmptyCart />
      </>
    );
  }
  const { sections, summary, lockVersion, blockers } = loaderData;
  const pageError = actionData && actionData.productInventoryId === null && actionData.error !== "conflict" ? actionData.error : null;
  const sectionTitle: Record<CartSection, string> = {
    AGENCY: t("cart.sections.AGENCY"),
    SHOP: t("cart.sections.SHOP"),
    RESERVED: t("cart.sections.RESERVED"),
  };
  const lineIds = new Set(sections.flatMap((s) => s.lines.map((l) => l.productInventoryId)));
  const orphanError =
    actionData && actionData.productInventoryId !== null && actionData.error !== "conflict" && !lineIds.has(actionData.productInventoryId)
      ? actionData.error
      : null;
  return (
    <div>
      <h1 className="mb-4 font-serif text-3xl">{t("cart.title")}</h1>
      {pageError || orphanError ? (
        <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800" data-testid="cart-error">
          {t(`cart.errors.${pageError ?? orphanError}`)}
        </p>
      ) : null}
      {actionData?.error === "conflict" ? (
        <p role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3" data-testid="cart-conflict">
          {t("cart.errors.conflict")}
        </p>
      ) : null}
      <div className="md:grid md:grid-cols-[1fr_22rem] md:gap-8">
        <div>
          {sections
            .filter((s) => s.lines.length > 0)
            .map((s) => (
              <section key={s.section} aria-labelledby={`section-${s.section}`} className="mb-6" data-testid={`cart-section-${s.section}`}>
                <h2 id={`section-${s.section}`} className="border-b border-stone-200 font-serif text-xl">
                  {sectionTitle[s.section]}
                </h2>
                <p className="mt-1 text-sm text-stone-600">{t(`cart.sectionNotes.${s.section}`, { days: RESERVATION_WINDOW_DAYS })}</p>
                <ul className="divide-y divide-stone-200">
                  {s.lines.map((line) => (
                    <CartLineRow
                      key={line.productInventoryId}
                      line={line}
                      lockVersion={lockVersion}
                      actionError={actionData ?? undefined}
                    />
                  ))}
                </ul>
              </section>
            ))}
        </div>
        <div>
          <CartSummaryPanel summary={summary} />
          {blockers.length > 0 ? (
            <div className="mt-4 space-y-2" data-testid="checkout-blockers">
              {blockers.map((b) => (
                <p key={b} role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
                  {t(`cart.blockers.${b}`)}
                </p>
              ))}
              <p className="rounded bg-stone-200 px-4 py-2 text-center text-stone-600" aria-disabled="true">
                {t("cart.checkout")}
              </p>
            </div>
          ) : (
            <Link
              to="/checkout"
              className="mt-4 block rounded bg-wine-700 px-4 py-2 text-center font-semibold text-white"
              data-testid="checkout-link"
            >
              {t("cart.checkout")}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
