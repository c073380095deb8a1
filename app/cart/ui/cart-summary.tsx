import { formatMoney } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { CartSummary } from "~/pricing/cart-summary";
import { taxAmountOf } from "~/pricing/taxes";

function SummaryRow({ label, cents, testId, strong }: { label: string; cents: number; testId: string; strong?: boolean }) {
  const { i18n } = useT();
  return (
    <div className={`flex justify-between py-1 ${strong ? "border-t border-stone-300 font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatMoney(cents, i18n.language)}</dd>
    </div>
  );
}

/** The cart summary of SPEC §2: agency fees, SAQ/LCBO fees, boutique, GST, QST, HST, pay now, pay at SAQ/LCBO, total. */
export function CartSummaryPanel({ summary }: { summary: CartSummary }) {
  const { t } = useT();
  const board = summary.liquorBoardName;
  const display = summary.display;
  const taxNote = display ? ` (${t("cart.summary.taxesIncluded")})` : "";
  const taxRows = summary.taxLines.map((name) => {
    const cents = taxAmountOf(summary, name);
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
        <SummaryRow
          label={t("cart.summary.agencyFees") + taxNote}
          cents={display?.agencyFees ?? summary.agencyFees}
          testId="summary-agency-fees"
        />
        <SummaryRow
          label={t("cart.summary.liquorBoardFees", { board }) + taxNote}
          cents={display?.liquorBoardFees ?? summary.liquorBoardFees}
          testId="summary-liquor-board-fees"
        />
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
