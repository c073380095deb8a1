/**
 * /shopping-cart (SPEC §2, §4, §5): agency, shop and reserved sections, each line with update and
 * remove forms (real POSTs with an intent; fetchers with JavaScript), and the summary lines:
 * agency fees, SAQ/LCBO fees, boutique, GST, QST, HST, pay now, pay at SAQ/LCBO, total.
 */
import { useT } from "~/i18n/translation";
import { Link, useFetcher } from "react-router";
import { EmptyCart } from "~/cart/ui/empty-cart";
import { QuantityInput } from "~/cart/ui/quantity-input";
import type { Route } from "./+types/shopping-cart";
import { shopContext } from "~/context";
import { handleCartAction, type CartActionError } from "~/cart/cart-actions.server";
import { requestContext } from "~/http/request-context";
import { checkoutBlockers, lineExceedsStock, toPricingLines } from "~/cart/cart-rules";
import { getCart, type CartLine } from "~/cart/cart.server";
import type { CartSection } from "~/vocabulary";
import { displayPrice } from "~/catalogue/display-price";
import { productImageSrc } from "~/catalogue/ui/product-card";
import { formatMoney } from "~/i18n/format";
import { summarizeCart, type CartSummary } from "~/pricing/cart-summary";
import { priceTaxIn } from "~/pricing/taxes";
import { readGuestId } from "~/session.server";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "Cuvée" }];
}

/** The cart is personal and changes with every action: never stored (a 429 keeps its Retry-After). */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  const headers = new Headers(errorHeaders);
  headers.set("Cache-Control", "no-store");
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const guestId = await readGuestId(request);
  const cart = guestId ? await getCart(shop.db, { guestId }, shop.preferences.province, shop.locale) : null;
  // An empty cart renders the empty state here (not a redirect) so a refused POST keeps its message.
  if (!cart || cart.lines.length === 0) return { empty: true as const, title: shop.t("cart.emptyTitle") };
  const summary = summarizeCart({
    province: shop.preferences.province,
    taxMode: shop.preferences.taxMode,
    isMember: false,
    lines: toPricingLines(cart.lines),
  });
  return {
    empty: false as const,
    title: shop.t("cart.title"),
    lockVersion: cart.lockVersion,
    province: shop.preferences.province,
    taxMode: shop.preferences.taxMode,
    sections: (["AGENCY", "SHOP", "RESERVED"] as const).map((section) => ({
      section,
      lines: cart.lines
        .filter((l) => l.section === section)
        .map((line) => ({ ...line, overStock: lineExceedsStock(line) })),
    })),
    summary,
    blockers: checkoutBlockers(cart.lines),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleCartAction(request, context.get(shopContext), context.get(requestContext));
}

type ViewLine = CartLine & { overStock: boolean };

/** A line's amount in the display's tax mode: taxes are computed on the line total, not per unit. */
function LineTotal({ line, taxMode }: { line: ViewLine; taxMode: "IN" | "OUT" }) {
  const { i18n } = useT();
  const bottles = line.section === "AGENCY" ? line.quantity * line.uvc : line.quantity;
  const beforeTax = line.priceCents * bottles;
  const province = line.inventoryProvince === "ON" ? "ON" : "QC";
  const cents = taxMode === "IN" ? priceTaxIn(beforeTax, province, line.zeroRated) : beforeTax;
  return <span className="font-semibold">{formatMoney(cents, i18n.language)}</span>;
}

function CartLineRow({ line, lockVersion, taxMode, actionError }: {
  line: ViewLine;
  lockVersion: number;
  taxMode: "IN" | "OUT";
  actionError: CartActionError | undefined;
}) {
  const { t, i18n } = useT();
  const update = useFetcher<CartActionError>();
  const remove = useFetcher<CartActionError>();
  const error =
    update.data?.error ??
    remove.data?.error ??
    (actionError?.productInventoryId === line.productInventoryId && actionError.error !== "conflict" ? actionError.error : undefined);
  const unit = displayPrice({ ...line, province: line.inventoryProvince, salesUnit: line.section === "AGENCY" ? "CASE" : "UNIT" }, taxMode);
  const removing = remove.state !== "idle";
  return (
    <li
      className={`flex flex-wrap items-start gap-4 py-4 ${removing ? "opacity-50" : ""}`}
      data-testid="cart-line"
      data-product-inventory-id={line.productInventoryId}
    >
      <img src={productImageSrc({ colorCode: null, typeCode: line.typeCode })} alt="" width={32} height={64} className="h-16 w-8" />
      <div className="min-w-48 flex-1">
        <Link to={`/products/${line.slug}?id=${line.productInventoryId}`} className="font-semibold hover:underline">
          {line.name}
          {line.vintage ? ` ${line.vintage}` : ""}
        </Link>
        <p className="text-sm text-stone-600">
          {line.providerName} · {t(`inventories.${line.inventoryCode}`)}
        </p>
        <p className="text-sm">
          {line.section === "AGENCY"
            ? t("cart.line.casePrice", {
                count: line.uvc,
                price: formatMoney(unit.caseCents ?? 0, i18n.language),
              })
            : t("cart.line.unitPrice", { price: formatMoney(unit.unitCents, i18n.language) })}
        </p>
        {line.overStock ? (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {t("cart.errors.stock")}
          </p>
        ) : null}
        {error ? (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {t(`cart.errors.${error}`)}
          </p>
        ) : null}
      </div>
      <update.Form method="post" action="/shopping-cart" className="flex items-end gap-2">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="productInventoryId" value={line.productInventoryId} />
        <input type="hidden" name="currentQuantity" value={line.quantity} />
        <input type="hidden" name="lockVersion" value={lockVersion} />
        <label className="text-sm">
          <span className="block">{line.section === "AGENCY" ? t("cart.line.cases") : t("cart.line.units")}</span>
          <QuantityInput
            defaultValue={line.quantity}
            key={`${line.productInventoryId}-${line.quantity}`}
            aria-label={t("cart.line.quantityOf", { name: line.name })}
          />
        </label>
        <button type="submit" disabled={update.state !== "idle"} className="rounded border border-stone-300 px-3 py-1 text-sm">
          {update.state !== "idle" ? t("cart.line.updating") : t("cart.line.update")}
        </button>
      </update.Form>
      <remove.Form method="post" action="/shopping-cart">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productInventoryId" value={line.productInventoryId} />
        <input type="hidden" name="currentQuantity" value={line.quantity} />
        <input type="hidden" name="lockVersion" value={lockVersion} />
        <button type="submit" disabled={removing} className="rounded px-3 py-1 text-sm text-red-800 underline" aria-label={t("cart.line.removeName", { name: line.name })}>
          {t("cart.line.remove")}
        </button>
      </remove.Form>
      <div className="w-28 text-right" data-testid="line-total">
        {line.section === "RESERVED" ? <span className="text-sm text-stone-600">{t("cart.line.notCharged")}</span> : <LineTotal line={line} taxMode={taxMode} />}
      </div>
    </li>
  );
}

function SummaryRow({ label, cents, testId, strong }: { label: string; cents: number; testId: string; strong?: boolean }) {
  const { i18n } = useT();
  return (
    <div className={`flex justify-between py-1 ${strong ? "border-t border-stone-300 font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatMoney(cents, i18n.language)}</dd>
    </div>
  );
}

function Summary({ summary }: { summary: CartSummary }) {
  const { t } = useT();
  const board = summary.liquorBoardName;
  const display = summary.display;
  const taxNote = display ? ` (${t("cart.summary.taxesIncluded")})` : "";
  const taxRows = summary.taxLines.map((name) => {
    const cents = name === "GST" ? summary.gst : name === "QST" ? summary.qst : summary.hst;
    return (
      <SummaryRow
        key={name}
        label={display ? t("cart.summary.includedTax", { tax: t(`cart.summary.${name}`) }) : t(`cart.summary.${name}`)}
        cents={cents}
        testId={`summary-${name.toLowerCase()}`}
      />
    );
  });
  const discounts = summary.memberDiscounts.singleBottle + summary.memberDiscounts.payNow;
  return (
    <section aria-labelledby="summary-title" className="rounded border border-stone-200 bg-white p-4">
      <h2 id="summary-title" className="mb-2 font-serif text-xl">
        {t("cart.summary.title")}
      </h2>
      <dl className="text-sm">
        <SummaryRow label={t("cart.summary.agencyFees") + taxNote} cents={display?.agencyFees ?? summary.agencyFees} testId="summary-agency-fees" />
        <SummaryRow label={t("cart.summary.liquorBoardFees", { board }) + taxNote} cents={display?.liquorBoardFees ?? summary.liquorBoardFees} testId="summary-liquor-board-fees" />
        <SummaryRow label={t("cart.summary.boutique") + taxNote} cents={display?.boutique ?? summary.boutique} testId="summary-boutique" />
        {discounts > 0 ? <SummaryRow label={t("cart.summary.memberDiscounts")} cents={-discounts} testId="summary-discounts" /> : null}
        {taxRows}
        <SummaryRow label={t("cart.summary.payNow")} cents={summary.payNow} testId="summary-pay-now" strong />
        <SummaryRow label={t("cart.summary.payAtBoard", { board })} cents={summary.payAtLiquorBoard} testId="summary-pay-at-board" />
        <SummaryRow label={t("cart.summary.total")} cents={summary.total} testId="summary-total" strong />
      </dl>
      <p className="mt-2 text-xs text-stone-600">{t("cart.summary.boardEstimate", { board })}</p>
    </section>
  );
}

export default function ShoppingCartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
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
  const { sections, summary, lockVersion, taxMode, blockers } = loaderData;
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
      <div className="lg:grid lg:grid-cols-[1fr_22rem] lg:gap-8">
        <div>
          {sections
            .filter((s) => s.lines.length > 0)
            .map((s) => (
              <section key={s.section} aria-labelledby={`section-${s.section}`} className="mb-6" data-testid={`cart-section-${s.section}`}>
                <h2 id={`section-${s.section}`} className="border-b border-stone-200 font-serif text-xl">
                  {sectionTitle[s.section]}
                </h2>
                <p className="mt-1 text-sm text-stone-600">{t(`cart.sectionNotes.${s.section}`)}</p>
                <ul className="divide-y divide-stone-200">
                  {s.lines.map((line) => (
                    <CartLineRow key={line.productInventoryId} line={line} lockVersion={lockVersion} taxMode={taxMode} actionError={actionData ?? undefined} />
                  ))}
                </ul>
              </section>
            ))}
        </div>
        <div>
          <Summary summary={summary} />
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
            <Link to="/checkout" className="mt-4 block rounded bg-wine-700 px-4 py-2 text-center font-semibold text-white" data-testid="checkout-link">
              {t("cart.checkout")}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
