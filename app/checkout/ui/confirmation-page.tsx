import { Link } from "react-router";
import { MessagePage } from "~/components/ui/message-page";
import { boutiqueNameKey, channelNameKey } from "~/i18n/channel-names";
import { formatMoney } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { BRANCH_FOLLOW_UP_BUSINESS_DAYS } from "~/orders/branch-follow-up";
import { RESERVATION_WINDOW_DAYS } from "~/orders/reservation-window";
import type { CartSection, InventoryCode, OrderStatus, Province } from "~/vocabulary";

/** A line bought, as the confirmation lists it: amount in cents before taxes (fees + SAQ/LCBO part, or boutique). */
interface ConfirmationLine {
  id: number;
  section: CartSection;
  inventoryCode: InventoryCode;
  name: string;
  vintage: number | null;
  quantity: number;
  uvc: number;
  amountCents: number;
}

type ConfirmationData =
  | { failed: true; title: string }
  | {
      failed: false;
      title: string;
      order: {
        orderNumber: string;
        confirmationNumber: string;
        status: OrderStatus;
        province: Province;
        email: string;
        firstName: string;
        branchLabel: string | null;
        boutiqueCode: InventoryCode | null;
        payNowCents: number;
        payAtLiquorBoardCents: number;
        totalCents: number;
        isCustomer: boolean;
        paymentPath: string | null;
        /** The invoice's path, for its customer logged in; else null. */
        invoicePath: string | null;
      };
      lines: ConfirmationLine[];
      reservations: { id: number; name: string; quantity: number; byCase: boolean; bottles: number }[];
    };

/** The order confirmation (docs/product.md#orders-and-payment): customer and guest variants. */
export function ConfirmationPage({ data }: { data: ConfirmationData }) {
  const { t, i18n } = useT();
  if (data.failed) {
    return (
      <MessagePage title={t("confirmation.title")} testId="confirmation-failed">
        <p role="alert" className="mt-4">
          {t("checkout.errors.confirmationFailed")}
        </p>
      </MessagePage>
    );
  }
  const { order, lines, reservations } = data;
  const board = order.province === "ON" ? "LCBO" : "SAQ";
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const settled = order.status === "PAID" || order.status === "CONFIRMED";
  return (
    <div className="mx-auto max-w-2xl space-y-6" data-testid="confirmation">
      <h1 className="font-serif text-3xl">
        {settled ? t("confirmation.thanks", { name: order.firstName }) : t("confirmation.pendingTitle")}
      </h1>
      <p>
        {t("confirmation.number")} <strong data-testid="confirmation-number">{order.confirmationNumber}</strong>{" "}
        <span className="text-stone-600">({t("confirmation.order", { number: order.orderNumber })})</span>
      </p>
      {!settled ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3">
          {order.status === "PENDING_PAYMENT"
            ? t("confirmation.pending")
            : t(`payment.closed.${order.status === "EXPIRED" ? "EXPIRED" : "CANCELLED"}`)}
          {order.paymentPath ? (
            <>
              {" "}
              <Link to={order.paymentPath} className="underline">
                {t("confirmation.payNow")}
              </Link>
            </>
          ) : null}
        </p>
      ) : (
        <p>{t("confirmation.emailSent", { email: order.email })}</p>
      )}
      {lines.length > 0 ? (
        <section aria-labelledby="confirmation-lines">
          <h2 id="confirmation-lines" className="font-serif text-xl">
            {t("confirmation.linesTitle")}
          </h2>
          <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
            {lines.map((l) => (
              <li key={l.id} className="flex items-start justify-between gap-4 py-2" data-testid="confirmation-line">
                <div>
                  <p className="font-medium">
                    {l.name}
                    {l.vintage ? ` ${l.vintage}` : ""}
                  </p>
                  <p className="text-sm text-stone-600">
                    {t(channelNameKey(l.inventoryCode))} ·{" "}
                    {l.section === "AGENCY"
                      ? t("checkout.review.cases", { count: l.quantity, uvc: l.uvc })
                      : t("checkout.review.units", { count: l.quantity })}
                  </p>
                </div>
                <p className="whitespace-nowrap">{money(l.amountCents)}</p>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-stone-600">{t("confirmation.beforeTaxes")}</p>
        </section>
      ) : null}
      <dl className="rounded border border-stone-200 bg-white p-4">
        <div className="flex justify-between py-1">
          <dt>{settled && order.payNowCents > 0 ? t("confirmation.paid") : t("cart.summary.payNow")}</dt>
          <dd data-testid="confirmation-paid">{money(order.payNowCents)}</dd>
        </div>
        <div className="flex justify-between py-1">
          <dt>{t("cart.summary.payAtBoard", { board })}</dt>
          <dd data-testid="confirmation-at-board">{money(order.payAtLiquorBoardCents)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-300 py-1 font-semibold">
          <dt>{t("cart.summary.total")}</dt>
          <dd>{money(order.totalCents)}</dd>
        </div>
      </dl>
      {order.branchLabel ? (
        <section aria-labelledby="confirmation-branch">
          <h2 id="confirmation-branch" className="font-serif text-xl">
            {t("checkout.review.branch", { board })}
          </h2>
          <p data-testid="confirmation-branch-label">{order.branchLabel}</p>
          <p className="text-sm text-stone-600">{t("checkout.rules.privateImport", { board, days: BRANCH_FOLLOW_UP_BUSINESS_DAYS })}</p>
        </section>
      ) : null}
      {order.boutiqueCode ? (
        <section aria-labelledby="confirmation-boutique">
          <h2 id="confirmation-boutique" className="font-serif text-xl">
            {t("checkout.review.boutique")}
          </h2>
          <p>
            {t(boutiqueNameKey(order.boutiqueCode))} — {t("checkout.review.freePickup")}
          </p>
        </section>
      ) : null}
      {reservations.length > 0 ? (
        <section aria-labelledby="confirmation-reservations">
          <h2 id="confirmation-reservations" className="font-serif text-xl">
            {t("confirmation.reservations")}
          </h2>
          <ul className="list-disc pl-5">
            {reservations.map((r) => (
              <li key={r.id}>
                {r.name} —{" "}
                {r.byCase
                  ? t("checkout.review.cases", { count: r.quantity, uvc: r.bottles / r.quantity })
                  : t("checkout.review.units", { count: r.quantity })}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">{t("checkout.rules.reservations", { days: RESERVATION_WINDOW_DAYS })}</p>
        </section>
      ) : null}
      {order.invoicePath ? (
        <p>
          {/* A resource route (a PDF download): a document request, not a client navigation. */}
          <a href={order.invoicePath} className="text-wine-800 underline underline-offset-2" data-testid="confirmation-invoice" download>
            {t("confirmation.invoice", { number: order.orderNumber })}
          </a>
        </p>
      ) : null}
      {!order.isCustomer ? <p>{t("confirmation.createAccountIntro")}</p> : null}
      <p>
        {order.isCustomer ? (
          <Link to="/account" className="rounded bg-wine-700 px-4 py-2 text-white">
            {t("confirmation.toAccount")}
          </Link>
        ) : (
          <Link
            to={`/register?${new URLSearchParams({ email: order.email, order: order.confirmationNumber })}`}
            className="rounded bg-wine-700 px-4 py-2 text-white"
            data-testid="create-account"
          >
            {t("confirmation.createAccount")}
          </Link>
        )}
      </p>
    </div>
  );
}
