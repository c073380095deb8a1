/**
 * The order history of /account/sales (docs/product.md#accounts my account, docs/product.md#branch-follow-up agency order follow-up):
 * every order newest first, with its lines, summary, status, branch or boutique, reservations and
 * their state, the follow-up text, and its invoice.
 */
import { Link } from "react-router";
import type { OrderHistoryData, OrderView } from "~/accounts/order-history-view";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { formatLongDate, formatMoney, formatShopDay } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { RESERVATION_WINDOW_DAYS } from "~/orders/reservation-window";
import type { OrderStatus } from "~/vocabulary";

const STATUS_STYLE: Record<OrderStatus, string> = {
  PENDING_PAYMENT: "border-amber-300 bg-amber-50 text-amber-900",
  PAID: "border-green-300 bg-green-50 text-green-900",
  CONFIRMED: "border-green-300 bg-green-50 text-green-900",
  CANCELLED: "border-stone-300 bg-stone-100 text-stone-700",
  EXPIRED: "border-stone-300 bg-stone-100 text-stone-700",
  REFUNDED: "border-stone-300 bg-stone-100 text-stone-700",
};

function SummaryRow({ label, cents, testId, strong }: { label: string; cents: number; testId: string; strong?: boolean }) {
  const { i18n } = useT();
  return (
    <div className={`flex justify-between gap-4 py-0.5 ${strong ? "border-t border-stone-300 font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatMoney(cents, i18n.language)}</dd>
    </div>
  );
}

/** The charged lines of an order (RESERVED lines are shown as reservations instead); also on the agency's page. */
export function OrderLines({ order }: { order: OrderView }) {
  const { t, i18n } = useT();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  if (order.lines.length === 0) return null;
  return (
    <table className="w-full text-left text-sm" data-testid="order-lines">
      <caption className="sr-only">{t("history.linesCaption", { number: order.orderNumber })}</caption>
      <thead className="border-b border-stone-300 text-stone-600">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            {t("history.columns.product")}
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            {t("history.columns.quantity")}
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            {t("history.columns.unitPrice")}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {t("history.columns.amount")}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.id} className="border-b border-stone-100 align-top">
            <th scope="row" className="py-1 pr-2 font-normal">
              <span className="block">
                {line.name}
                {line.vintage ? ` ${line.vintage}` : ""}
              </span>
              <span className="block text-xs text-stone-600">
                {line.providerName} · {t(`history.sections.${line.section}`)}
              </span>
            </th>
            <td className="py-1 pr-2">
              {line.section === "AGENCY"
                ? t("history.cases", { count: line.quantity, uvc: line.uvc })
                : t("history.units", { count: line.quantity })}
            </td>
            <td className="py-1 pr-2 text-right">
              {line.section === "AGENCY" ? t("history.perBottle", { price: money(line.unitPriceCents) }) : money(line.unitPriceCents)}
            </td>
            <td className="py-1 text-right">{money(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The money of an order (both parts, taxes, pay now, total); also on the agency's page. */
export function OrderSummary({ order, headingId }: { order: OrderView; headingId: string }) {
  const { t } = useT();
  const board = order.province === "ON" ? "LCBO" : "SAQ";
  const m = order.money;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="sr-only">
        {t("history.summary", { number: order.orderNumber })}
      </h3>
      <dl className="text-sm" data-testid="order-summary">
        <SummaryRow label={t("cart.summary.agencyFees")} cents={m.agencyFees} testId="order-agency-fees" />
        <SummaryRow label={t("cart.summary.liquorBoardFees", { board })} cents={m.liquorBoardFees} testId="order-liquor-board-fees" />
        <SummaryRow label={t("cart.summary.boutique")} cents={m.boutique} testId="order-boutique" />
        {m.memberDiscount > 0 ? (
          <SummaryRow
            label={t(m.priceBenefit === "DISCOVERY" ? "cart.summary.discoveryDiscount" : "cart.summary.memberDiscounts")}
            cents={-m.memberDiscount}
            testId="order-member-discount"
          />
        ) : null}
        {m.taxes.map((tax) => (
          <SummaryRow key={tax.code} label={t(`cart.summary.${tax.code}`)} cents={tax.amount} testId={`order-${tax.code.toLowerCase()}`} />
        ))}
        <SummaryRow label={t("cart.summary.payNow")} cents={m.payNow} testId="order-pay-now" strong />
        <SummaryRow label={t("cart.summary.payAtBoard", { board })} cents={m.payAtLiquorBoard} testId="order-pay-at-board" />
        <SummaryRow label={t("cart.summary.total")} cents={m.total} testId="order-total" strong />
      </dl>
    </section>
  );
}

function OrderCard({ order, supportEmail, followUpDays }: { order: OrderView; supportEmail: string; followUpDays: number }) {
  const { t, i18n } = useT();
  const board = order.province === "ON" ? "LCBO" : "SAQ";
  const titleId = `order-${order.orderNumber}`;
  // The branch's follow-up text stays while the order is on its way (not closed, refunded nor picked up).
  const live =
    order.status !== "CANCELLED" && order.status !== "EXPIRED" && order.status !== "REFUNDED" && order.fulfilment?.status !== "PICKED_UP";
  return (
    <li>
      <article aria-labelledby={titleId} className="rounded border border-stone-200 bg-white p-4" data-testid="order">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={titleId} className="font-serif text-xl">
            {t("history.orderTitle", { number: order.orderNumber })}
          </h2>
          <p className={`rounded border px-2 py-0.5 text-sm font-semibold ${STATUS_STYLE[order.status]}`} data-testid="order-status">
            {t(`history.status.${order.status}`)}
          </p>
        </div>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-stone-600">{t("history.placedOn")}</dt>
          <dd>
            <time dateTime={order.placedAt}>{formatLongDate(order.placedAt, i18n.language)}</time>
          </dd>
          <dt className="text-stone-600">{t("history.confirmationNumber")}</dt>
          <dd data-testid="order-confirmation">{order.confirmationNumber}</dd>
          {order.branchLabel ? (
            <>
              <dt className="text-stone-600">{t("history.branch", { board })}</dt>
              <dd data-testid="order-branch">{order.branchLabel}</dd>
            </>
          ) : null}
          {order.boutiqueCode ? (
            <>
              <dt className="text-stone-600">{t("history.boutique")}</dt>
              <dd data-testid="order-boutique-pickup">{t(boutiqueNameKey(order.boutiqueCode))}</dd>
            </>
          ) : null}
        </dl>
        {order.fulfilment ? (
          <p className="mt-3 rounded border border-stone-200 bg-stone-50 p-2 text-sm" data-testid="order-fulfilment">
            <span className="font-semibold">{t("history.fulfilmentLabel")}</span> {t(`history.fulfilment.${order.fulfilment.status}`)}
            {order.fulfilment.status === "READY_FOR_PICKUP" && order.fulfilment.followUpDueOn ? (
              <>
                {" "}
                <span data-testid="order-follow-up">
                  {t("history.followUpBy", { board, date: formatShopDay(order.fulfilment.followUpDueOn, i18n.language) })}
                </span>
              </>
            ) : null}
          </p>
        ) : null}
        {order.refundedAt ? (
          <p className="mt-3 rounded border border-stone-200 bg-stone-50 p-2 text-sm" data-testid="order-refunded">
            {t("history.refundedOn", { date: formatLongDate(order.refundedAt, i18n.language) })}
          </p>
        ) : null}
        {order.paymentPath ? (
          <p className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm">
            {t("history.pendingPayment")}{" "}
            <Link to={order.paymentPath} className="font-semibold underline">
              {t("history.payNow", { number: order.orderNumber })}
            </Link>
          </p>
        ) : null}
        <div className="mt-4 grid gap-6 md:grid-cols-[1fr_18rem]">
          <OrderLines order={order} />
          <OrderSummary order={order} headingId={`${titleId}-summary`} />
        </div>
        {order.reservations.length > 0 ? (
          <section aria-labelledby={`${titleId}-reservations`} className="mt-4">
            <h3 id={`${titleId}-reservations`} className="font-serif text-lg">
              {t("history.reservations")}
            </h3>
            <ul className="mt-1 space-y-1 text-sm" data-testid="order-reservations">
              {order.reservations.map((r) => (
                <li key={r.id} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {r.name} —{" "}
                    {r.byCase
                      ? t("history.cases", { count: r.quantity, uvc: r.bottles / r.quantity })
                      : t("history.units", { count: r.quantity })}
                  </span>
                  <span className="font-semibold">
                    {t(`history.reservationStatus.${r.status}`)}
                    {r.status === "AVAILABLE" && r.paymentDueAt ? (
                      <span className="font-normal">
                        {" "}
                        — {t("history.reservationPayBy", { date: formatLongDate(r.paymentDueAt, i18n.language) })}
                      </span>
                    ) : null}
                    {r.status === "AVAILABLE" && r.paymentPath ? (
                      <>
                        {" "}
                        <Link to={r.paymentPath} className="font-normal underline">
                          {t("history.reservationPay", { name: r.name })}
                        </Link>
                      </>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-1 text-xs text-stone-600">{t("history.reservationsNote", { days: RESERVATION_WINDOW_DAYS })}</p>
          </section>
        ) : null}
        {order.branchLabel && live ? (
          <p className="mt-4 text-sm" data-testid="order-tracking">
            {t("history.tracking", { board, count: followUpDays })} {t("history.trackingSupport", { number: order.orderNumber })}{" "}
            <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(order.orderNumber)}`} className="underline">
              {supportEmail}
            </a>
          </p>
        ) : null}
        {order.invoice ? (
          <p className="mt-4">
            <a
              href={order.invoice.path}
              download={order.invoice.fileName}
              className="inline-block rounded border border-wine-700 px-3 py-1.5 text-sm font-semibold text-wine-700 hover:bg-wine-700 hover:text-white"
              data-testid="order-invoice"
            >
              {t("history.invoice", { number: order.orderNumber })}
            </a>
          </p>
        ) : null}
      </article>
    </li>
  );
}

/** The page: a heading, then the orders newest first, or the spec's 'No records found'. */
export function OrderHistoryPage({ data }: { data: OrderHistoryData }) {
  const { t } = useT();
  return (
    <div className="mx-auto max-w-4xl space-y-6" data-testid="order-history">
      <div>
        <p className="text-sm">
          <Link to="/account" className="underline">
            {t("history.backToAccount")}
          </Link>
        </p>
        <h1 className="font-serif text-3xl">{t("history.title")}</h1>
      </div>
      {data.orders.length === 0 ? (
        <div className="rounded border border-stone-200 bg-white p-6 text-center" data-testid="order-history-empty">
          <p className="font-semibold">{t("common.noRecords")}</p>
          <p className="mt-2 text-sm text-stone-600">{t("history.emptyHint")}</p>
          <p className="mt-4">
            <Link to="/products" className="rounded bg-wine-700 px-4 py-2 text-white">
              {t("cart.continue")}
            </Link>
          </p>
        </div>
      ) : (
        <ol className="space-y-6" aria-label={t("history.listLabel", { count: data.orders.length })}>
          {data.orders.map((order) => (
            <OrderCard key={order.orderNumber} order={order} supportEmail={data.supportEmail} followUpDays={data.followUpDays} />
          ))}
        </ol>
      )}
    </div>
  );
}
