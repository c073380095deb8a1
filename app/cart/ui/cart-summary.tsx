import { Fragment } from "react";
import { formatMoney } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { CartSummary } from "~/pricing/cart-summary";
import { cartSummaryForDisplay, type SummaryRowKey } from "~/pricing/summary-display";

function SummaryRow({
  label,
  cents,
  testId,
  strong,
  part,
  group,
}: {
  label: string;
  cents: number;
  testId: string;
  strong?: boolean;
  part: "line" | "subtotal" | "total";
  /** The group the row belongs to (a `<dl>` cannot hold nested wrappers): PAY_NOW, LIQUOR_BOARD or TOTAL. */
  group: string;
}) {
  const { i18n } = useT();
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${strong ? "border-t border-stone-300 font-semibold" : ""}`}
      data-summary-row={part}
      data-summary-part={group}
    >
      <dt>{label}</dt>
      <dd data-testid={testId} className="whitespace-nowrap">
        {formatMoney(cents, i18n.language)}
      </dd>
    </div>
  );
}

const TEST_ID: Record<SummaryRowKey, string> = {
  agencyFees: "summary-agency-fees",
  boutique: "summary-boutique",
  memberDiscounts: "summary-discounts",
  discoveryDiscount: "summary-discovery-discount",
  liquorBoardFees: "summary-liquor-board-fees",
  GST: "summary-gst",
  QST: "summary-qst",
  HST: "summary-hst",
};

/**
 * The cart summary of docs/product.md#cart-summary (agency fees, SAQ/LCBO fees, boutique, member discount, GST, QST,
 * HST, pay now, pay at SAQ/LCBO, total), as groups of lines that add up to the subtotal under
 * them (`summaryForDisplay`, docs/decisions/042-money-shown-adds-up.md): before taxes each part
 * lists its taxes; taxes included every line (the member discount too) carries its taxes and the
 * taxes are a note under the total.
 */
export function CartSummaryPanel({ summary }: { summary: CartSummary }) {
  const { t, i18n } = useT();
  const board = summary.liquorBoardName;
  const shown = cartSummaryForDisplay(summary);
  const taxIn = shown.taxMode === "IN";
  const taxNote = taxIn ? ` (${t("cart.summary.taxesIncluded")})` : "";
  const label = (key: SummaryRowKey) => {
    switch (key) {
      case "agencyFees":
        return t("cart.summary.agencyFees") + taxNote;
      case "boutique":
        return t("cart.summary.boutique") + taxNote;
      case "memberDiscounts":
        return t("cart.summary.memberDiscounts") + taxNote;
      case "discoveryDiscount":
        return t("cart.summary.discoveryDiscount") + taxNote;
      case "liquorBoardFees":
        return t("cart.summary.liquorBoardFees", { board }) + taxNote;
      default:
        return t(`cart.summary.${key}`);
    }
  };
  return (
    <section aria-labelledby="summary-title" className="rounded border border-stone-200 bg-white p-4" data-testid="cart-summary">
      <h2 id="summary-title" className="mb-2 font-serif text-xl">
        {t("cart.summary.title")}
      </h2>
      <dl className="text-sm">
        {shown.parts.map((part) => (
          <Fragment key={part.part}>
            {part.rows.map((row) => (
              <SummaryRow
                key={row.key}
                part="line"
                group={part.part}
                label={label(row.key)}
                cents={row.cents}
                // Taxes of the liquor-board part are their own lines (mode OUT).
                testId={
                  part.part === "LIQUOR_BOARD" && row.key !== "liquorBoardFees"
                    ? `summary-board-${row.key.toLowerCase()}`
                    : TEST_ID[row.key]
                }
              />
            ))}
            <SummaryRow
              part="subtotal"
              group={part.part}
              label={part.part === "PAY_NOW" ? t("cart.summary.payNow") : t("cart.summary.payAtBoard", { board })}
              cents={part.subtotal}
              testId={part.part === "PAY_NOW" ? "summary-pay-now" : "summary-pay-at-board"}
              strong
            />
          </Fragment>
        ))}
        <SummaryRow part="total" group="TOTAL" label={t("cart.summary.total")} cents={shown.total} testId="summary-total" strong />
      </dl>
      {taxIn && shown.includedTaxes.length > 0 ? (
        <p className="mt-1 text-xs text-stone-600" data-testid="summary-included-taxes">
          {shown.includedTaxes.map((tax, i) => (
            <span key={tax.code}>
              {i > 0 ? " · " : ""}
              {t("cart.summary.includedTax", { tax: t(`cart.summary.${tax.code}`) })}{" "}
              <span data-testid={TEST_ID[tax.code]}>{formatMoney(tax.cents, i18n.language)}</span>
            </span>
          ))}
        </p>
      ) : null}
      {shown.parts.some((p) => p.part === "LIQUOR_BOARD") ? (
        <p className="mt-2 text-xs text-stone-600">{t("cart.summary.boardEstimate", { board })}</p>
      ) : null}
    </section>
  );
}
